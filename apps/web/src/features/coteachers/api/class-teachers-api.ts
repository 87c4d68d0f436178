import { PAGE_SIZE } from '@skillroom/contract/constants';
import type { HydraCollection, TeachingClassTeacher } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { api, withQuery } from '../../../lib/api-client';

const listKey = (classId: number) => withQuery('/teaching-class-teachers', { 'teachingClass.id': classId, itemsPerPage: PAGE_SIZE.max });

/** A class's co-teachers, each with the record that removing them deletes. */
export function useClassTeachers(classId: number | null) {
  return useSWR<HydraCollection<TeachingClassTeacher>>(classId ? listKey(classId) : null);
}

/** The creator removes a co-teacher; a co-teacher removes themselves (leaves). */
export const removeClassTeacher = (id: number) => api<void>(`/teaching-class-teacher/${id}`, { method: 'DELETE' });

export const revalidateClassTeachers = () => mutate((key) => typeof key === 'string' && key.startsWith('/teaching-class-teachers'));
