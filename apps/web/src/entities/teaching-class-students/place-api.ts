import type { TeachingClassStudent } from '@skillroom/contract/types';
import useSWR from 'swr';

export const placeKey = (id: number) => `/teaching-class-student/${id}`;

/** A student's place in a class (names, code, avatar and, for teachers, the invitation code). */
export function usePlace(id: number | null) {
  return useSWR<TeachingClassStudent>(id ? placeKey(id) : null);
}
