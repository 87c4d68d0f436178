import type { HydraCollection, TeachingClassStudent } from '@skillroom/contract/types';
import useSWR from 'swr';
import { api, ApiError, withQuery } from '../../lib/api-client';

export const placeKey = (id: number) => `/teaching-class-student/${id}`;

/**
 * A student's place in a class (names, code, avatar and, for teachers, the invitation code). Read through the list
 * filtered to it (`?id=`), under the item's key so every change of the place still refreshes it: a place that is gone
 * (a removed student, an ended link) answers an empty page, and the not-found page shows without a 404 in the console.
 */
export function usePlace(id: number | null) {
  return useSWR<TeachingClassStudent>(id ? placeKey(id) : null, async () => {
    const page = await api<HydraCollection<TeachingClassStudent>>(withQuery('/teaching-class-students', { id: id!, itemsPerPage: 1 }));
    const place = page['hydra:member'][0];
    if (!place) throw new ApiError(404, 'Not found');
    return place;
  });
}
