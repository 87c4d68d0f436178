import {
  PAGE_SIZE,
  type HydraCollection,
  type TeachingClass,
  type TeachingClassStudent,
  type TeachingClassStudentCopyBody,
  type TeachingClassStudentCreateBody,
  type TeachingClassStudentPatchBody,
} from '@skillroom/contract';
import useSWR from 'swr';
import { placeKey } from '../../../entities/teaching-class-students/place-api';
import { api, withQuery } from '../../../lib/api-client';


/** The places of one class, for choosing whom to copy. */
export function useClassPlaces(classId: number | null) {
  return useSWR<HydraCollection<TeachingClassStudent>>(
    classId ? withQuery('/teaching-class-students', { 'teachingClass.id': classId, itemsPerPage: PAGE_SIZE.max }) : null,
  );
}

/** Every class the user can see, current and finished, to copy students from. */
export function useAllClasses(enabled: boolean) {
  return useSWR<HydraCollection<TeachingClass>>(enabled ? withQuery('/teaching-classes', { page: 1, itemsPerPage: PAGE_SIZE.max }) : null);
}

export const createPlace = (body: TeachingClassStudentCreateBody) => api<TeachingClassStudent>('/teaching-class-student', { method: 'POST', body });

export const patchPlace = (id: number, body: TeachingClassStudentPatchBody) => api<TeachingClassStudent>(placeKey(id), { method: 'PATCH', body });

export const deletePlace = (id: number) => api<void>(placeKey(id), { method: 'DELETE' });

/** Copies places from other classes into one, re-using each Student; all or nothing (DESIGN §3). */
export const copyPlaces = (body: TeachingClassStudentCopyBody) =>
  api<HydraCollection<TeachingClassStudent>>('/teaching-class-student/copy', { method: 'POST', body });
