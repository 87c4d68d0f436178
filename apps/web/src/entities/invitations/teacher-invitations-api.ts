import { PAGE_SIZE } from '@skillroom/contract/constants';
import type { HydraCollection, TeachingClassSummary, TeachingClassTeacherInvitation } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { api, withQuery } from '../../lib/api-client';

type Invitations = HydraCollection<TeachingClassTeacherInvitation>;

/** The class a code opens, as a summary (spec §9: page 1, one item); null when no class has it. */
export async function lookupClassByCode(code: string): Promise<TeachingClassSummary | null> {
  const page = await api<HydraCollection<TeachingClassSummary>>(
    withQuery('/teaching-classes', { invitationCode: code, page: 1, itemsPerPage: PAGE_SIZE.invitationCodeLookup }),
  );
  return page['hydra:member'][0] ?? null;
}

/** The user's own requests to join classes that still wait for an answer. */
export function useMyPendingTeacherRequests(userId: number | null) {
  return useSWR<Invitations>(userId ? withQuery('/teaching-class-teacher-invitations', { 'teacher.id': userId, isPending: 1, itemsPerPage: 50 }) : null);
}

/** The requests to join one class that wait for the creator's answer. */
export function useClassPendingTeacherRequests(classId: number | null) {
  return useSWR<Invitations>(classId ? withQuery('/teaching-class-teacher-invitations', { 'teachingClass.id': classId, isPending: 1, itemsPerPage: PAGE_SIZE.max }) : null);
}

export const requestToJoin = (invitationCode: string) =>
  api<TeachingClassTeacherInvitation>('/teaching-class-teacher-invitation', { method: 'POST', body: { invitationCode } });
export const acceptTeacherRequest = (id: number) => api<TeachingClassTeacherInvitation>(`/teaching-class-teacher-invitation/${id}/accept`, { method: 'POST' });
export const rejectTeacherRequest = (id: number) => api<TeachingClassTeacherInvitation>(`/teaching-class-teacher-invitation/${id}/reject`, { method: 'POST' });

export const revalidateTeacherInvitations = () => mutate((key) => typeof key === 'string' && key.startsWith('/teaching-class-teacher-invitations'));
