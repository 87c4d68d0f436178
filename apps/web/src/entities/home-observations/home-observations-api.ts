import { HOME_OBSERVATION_PAGE_SIZE, type HomeObservationStatus } from '@skillroom/contract/rules';
import type { HomeObservation, HomeObservationCreateBody, HydraCollection } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { api, withQuery } from '../../lib/api-client';

/** Which home observations (DESIGN §11): a class's (its teachers), or a child's place (the linked family). */
export type HomeObservationFilter = { classId: number; status?: HomeObservationStatus } | { placeId: number };

export function homeObservationsKey(f: HomeObservationFilter) {
  const by = 'classId' in f ? { 'teachingClass.id': f.classId, status: f.status } : { 'teachingClassStudent.id': f.placeId };
  return withQuery('/home-observations', { ...by, itemsPerPage: HOME_OBSERVATION_PAGE_SIZE });
}

/** One page, newest first (the server sorts): more than a class has waiting, or a family sends in a while. */
export function useHomeObservations(f: HomeObservationFilter | null) {
  return useSWR<HydraCollection<HomeObservation>>(f ? homeObservationsKey(f) : null);
}

/** After any write, every list of home observations is asked again (the class's waiting ones, a family's own). */
export const revalidateHomeObservations = () => mutate((key) => typeof key === 'string' && key.startsWith('/home-observations'));

export const createHomeObservation = (body: HomeObservationCreateBody) =>
  api<HomeObservation>('/home-observation', { method: 'POST', body });

export const approveHomeObservation = (id: number) => api<HomeObservation>(`/home-observation/${id}/approve`, { method: 'POST' });

export const rejectHomeObservation = (id: number, reason: string) =>
  api<HomeObservation>(`/home-observation/${id}/reject`, { method: 'POST', body: { reason } });

/** Its author takes back one not approved (DESIGN §11): its files go with it; an approved one is a rating now. */
export const withdrawHomeObservation = (id: number) => api<void>(`/home-observation/${id}`, { method: 'DELETE' });

/** Whether this user may withdraw it, as the server's rule says (`homeObservation.withdraw`): their own, not approved. */
export const mayWithdraw = (o: Pick<HomeObservation, 'status' | 'creator'>, userId: number | undefined) =>
  userId !== undefined && o.creator?.id === userId && o.status !== 'approved';
