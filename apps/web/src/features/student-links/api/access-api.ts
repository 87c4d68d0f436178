import type { AccessLog, HydraCollection, StudentLinkExtendBody, StudentProfileUser } from '@skillroom/contract/types';
import useSWR from 'swr';
import { api, withQuery } from '../../../lib/api-client';

/** Links the same user to this student's place too (a teacher of its class; DESIGN §2 "extend in one click"). */
export const extendLink = (linkId: number, placeId: number) =>
  api<StudentProfileUser>(`/student-profile-user/${linkId}/extend`, {
    method: 'POST',
    body: { teachingClassStudent: placeId } satisfies StudentLinkExtendBody,
  });

export const ACCESS_LOG_PAGE_SIZE = 10;

/** Who has read this student's record in this class (the class creator only), a page at a time, newest first. */
export function useAccessLogs(classId: number, studentId: number, page: number, enabled: boolean) {
  return useSWR<HydraCollection<AccessLog>>(
    enabled
      ? withQuery('/access-logs', { 'teachingClass.id': classId, 'student.id': studentId, page, itemsPerPage: ACCESS_LOG_PAGE_SIZE })
      : null,
    { keepPreviousData: true },
  );
}
