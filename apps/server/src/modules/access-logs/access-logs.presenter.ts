import type { AccessLog, AccessLogAction } from '@skillroom/contract';
import { iri, iso } from '../../http/hydra';
import type { AccessLogRow } from './access-logs.repository';

export const presentAccessLog = (r: AccessLogRow): AccessLog => ({
  '@id': iri('access-log', r.log.id),
  '@type': 'AccessLog',
  id: r.log.id,
  // A deleted account leaves the row with no user: the reader is shown as a former member.
  user: r.user?.id
    ? {
        '@id': iri('user', r.user.id),
        id: r.user.id,
        firstName: r.user.firstName,
        lastName: r.user.lastName,
        accountType: r.user.accountType,
      }
    : null,
  student: { '@id': iri('student', r.student.id), id: r.student.id, firstName: r.student.firstName, lastName: r.student.lastName },
  teachingClass: r.teachingClass?.id
    ? { '@id': iri('teaching-class', r.teachingClass.id), id: r.teachingClass.id, name: r.teachingClass.name }
    : null,
  action: r.log.action as AccessLogAction,
  detail: r.log.detail,
  address: r.log.address,
  created: iso(r.log.created)!,
});
