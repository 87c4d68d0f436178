import { PAGE_SIZE } from '@skillroom/contract/constants';
import type { HydraCollection, StudentProfileUser, StudentProfileUserInvitation } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { api, withQuery } from '../../lib/api-client';

type Query = Record<string, number | null>;
const ready = (q: Query) => Object.values(q).every((v) => v !== null);

/** Requests to link to students that still wait for a teacher's answer (the user's own, or a place's). */
export const pendingLinkRequestsKey = (query: Query) =>
  withQuery('/student-profile-user-invitations', { ...query, isPending: 1, itemsPerPage: PAGE_SIZE.max });

export function usePendingLinkRequests(query: Query, enabled = true) {
  return useSWR<HydraCollection<StudentProfileUserInvitation>>(enabled && ready(query) ? pendingLinkRequestsKey(query) : null);
}

export const studentLinksKey = (query: Query) => withQuery('/student-profile-users', { ...query, itemsPerPage: PAGE_SIZE.max });

/** Users linked to students (the user's own links, or a student's). */
export function useStudentLinks(query: Query, enabled = true) {
  return useSWR<HydraCollection<StudentProfileUser>>(enabled && ready(query) ? studentLinksKey(query) : null);
}

export const requestLink = (invitationCode: string) =>
  api<StudentProfileUserInvitation>('/student-profile-user-invitation', { method: 'POST', body: { invitationCode } });
export const acceptLinkRequest = (id: number) =>
  api<StudentProfileUserInvitation>(`/student-profile-user-invitation/${id}/accept`, { method: 'POST' });
export const rejectLinkRequest = (id: number) =>
  api<StudentProfileUserInvitation>(`/student-profile-user-invitation/${id}/reject`, { method: 'POST' });
/** Every pending request of a class, accepted in one step by its teachers (DESIGN §8); answers those accepted. */
export const acceptAllLinkRequests = (classId: number) =>
  api<HydraCollection<StudentProfileUserInvitation>>(`/teaching-class/${classId}/student-profile-user-invitations/accept`, {
    method: 'POST',
  });
export const unlinkUser = (id: number) => api<void>(`/student-profile-user/${id}`, { method: 'DELETE' });

/** Requests and links are read again after any change to them. */
export const revalidateStudentLinks = () => mutate((key) => typeof key === 'string' && key.startsWith('/student-profile-user'));
