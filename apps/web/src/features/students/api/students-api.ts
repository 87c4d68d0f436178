import { PAGE_SIZE } from '@skillroom/contract/constants';
import { ROSTER_IMPORT_PATH } from '@skillroom/contract/rules';
import type {
  HydraCollection,
  PlaceErasure,
  RosterImportPreview,
  RosterImportResult,
  TeachingClass,
  TeachingClassStudent,
  TeachingClassStudentCopyBody,
  TeachingClassStudentCreateBody,
  TeachingClassStudentPatchBody,
} from '@skillroom/contract/types';
import useSWR from 'swr';
import { placeKey } from '../../../entities/teaching-class-students/place-api';
import { api, withQuery } from '../../../lib/api-client';

/** What removing a place would erase (issue 36 §7), read while the remove dialog is open. */
export function usePlaceErasure(placeId: number | null) {
  return useSWR<PlaceErasure>(placeId ? `/teaching-class-student/${placeId}/erasure` : null, { revalidateOnFocus: false });
}

/** The places of one class, for choosing whom to copy. */
export function useClassPlaces(classId: number | null) {
  return useSWR<HydraCollection<TeachingClassStudent>>(
    classId ? withQuery('/teaching-class-students', { 'teachingClass.id': classId, itemsPerPage: PAGE_SIZE.max }) : null,
  );
}

/** A Student's places in every class the user can see (the same person, copied or added there). */
export const studentPlacesKey = (studentId: number) =>
  withQuery('/teaching-class-students', { 'student.id': studentId, itemsPerPage: PAGE_SIZE.max });

/** Every class the user can see, current and finished, to copy students from. */
export const allClassesKey = withQuery('/teaching-classes', { page: 1, itemsPerPage: PAGE_SIZE.max });

export function useAllClasses(enabled: boolean) {
  return useSWR<HydraCollection<TeachingClass>>(enabled ? allClassesKey : null);
}

export const createPlace = (body: TeachingClassStudentCreateBody) =>
  api<TeachingClassStudent>('/teaching-class-student', { method: 'POST', body });

export const patchPlace = (id: number, body: TeachingClassStudentPatchBody) =>
  api<TeachingClassStudent>(placeKey(id), { method: 'PATCH', body });

export const deletePlace = (id: number) => api<void>(placeKey(id), { method: 'DELETE' });

/** Copies places from other classes into one, re-using each Student; all or nothing (DESIGN §3). */
export const copyPlaces = (body: TeachingClassStudentCopyBody) =>
  api<HydraCollection<TeachingClassStudent>>('/teaching-class-student/copy', { method: 'POST', body });

/** What a roster import reads: pasted lines, or a CSV/xlsx file (DESIGN §8). */
export type RosterSource = { kind: 'text'; text: string } | { kind: 'file'; file: File };

function rosterCall<T>(classIri: string, source: RosterSource, dryRun: boolean) {
  if (source.kind === 'text')
    return api<T>(ROSTER_IMPORT_PATH, { method: 'POST', body: { teachingClass: classIri, text: source.text, dryRun } });
  const form = new FormData();
  form.set('teachingClass', classIri);
  form.set('dryRun', String(dryRun));
  form.set('file', source.file);
  return api<T>(ROSTER_IMPORT_PATH, { method: 'POST', form });
}

/** Reads and judges a roster without writing: one row per line with its status. */
export const previewRoster = (classIri: string, source: RosterSource) => rosterCall<RosterImportPreview>(classIri, source, true);

/** Adds every new and existing row in one step, or nothing. */
export const importRoster = (classIri: string, source: RosterSource) => rosterCall<RosterImportResult>(classIri, source, false);
