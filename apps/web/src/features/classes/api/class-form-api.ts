import { PAGE_SIZE } from '@skillroom/contract/constants';
import type {
  EducationLevel,
  HydraCollection,
  Subscription,
  TeachingClass,
  TeachingClassCreateBody,
  TeachingClassPatchBody,
} from '@skillroom/contract/types';
import useSWR from 'swr';
import { api, withQuery } from '../../../lib/api-client';

export const createClass = (body: TeachingClassCreateBody) => api<TeachingClass>('/teaching-class', { method: 'POST', body });

export const patchClass = (id: number, body: TeachingClassPatchBody) => api<TeachingClass>(`/teaching-class/${id}`, { method: 'PATCH', body });

/** Education levels change with a deploy, not during a visit. */
export function useEducationLevels() {
  return useSWR<HydraCollection<EducationLevel>>('/education-levels', { refreshInterval: 0 });
}

/** All of the user's subscriptions at once (spec §9: 1000). */
export function useSubscriptions() {
  return useSWR<HydraCollection<Subscription>>(withQuery('/subscriptions', { itemsPerPage: PAGE_SIZE.subscriptions }));
}
