import type { TeachingClassTeacherInvitation } from '@skillroom/contract';
import { embedded, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentClassLabel, presentUserLabel } from '../../class-access/class-labels';
import type { TeacherInvitationFull } from './teacher-invitations.repository';

export const presentTeacherInvitation = (r: TeacherInvitationFull, signer: UrlSigner): TeachingClassTeacherInvitation =>
  embedded('TeachingClassTeacherInvitation', 'teaching-class-teacher-invitation', r.invitation.id, {
    id: r.invitation.id,
    created: iso(r.invitation.created)!,
    updated: iso(r.invitation.updated)!,
    teachingClass: presentClassLabel(r.teachingClass, signer),
    teacher: presentUserLabel(r.teacher, signer),
    isApproved: r.invitation.isApproved,
  });
