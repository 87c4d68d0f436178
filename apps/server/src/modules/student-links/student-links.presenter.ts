import type { StudentProfileUser, StudentProfileUserInvitation } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentClassLabel, presentLinkUser, presentStudentLabel } from '../../class-access/class-labels';
import { roleMay } from '../../class-access/access-rules';
import type { StudentInvitationFull, StudentLinkFull } from './student-links.repository';

export const presentStudentInvitation = (r: StudentInvitationFull, signer: UrlSigner): StudentProfileUserInvitation =>
  embedded('StudentProfileUserInvitation', 'student-profile-user-invitation', r.invitation.id, {
    id: r.invitation.id,
    created: iso(r.invitation.created)!,
    updated: iso(r.invitation.updated)!,
    teachingClass: presentClassLabel(r.teachingClass, signer),
    student: presentStudentLabel(r.student, signer),
    teachingClassStudent: iri('teaching-class-student', r.invitation.teachingClassStudentId),
    // The requester's e-mail lets a teacher tell a real parent from a stranger holding a code (DESIGN §8): answerers only.
    user: roleMay(r.role, 'studentInvitation.answer')
      ? { ...presentLinkUser(r.user, signer), email: r.userEmail }
      : presentLinkUser(r.user, signer),
    isApproved: r.invitation.isApproved,
  });

export const presentStudentLink = (r: StudentLinkFull, signer: UrlSigner): StudentProfileUser =>
  embedded('StudentProfileUser', 'student-profile-user', r.link.id, {
    id: r.link.id,
    created: iso(r.link.created)!,
    updated: iso(r.link.updated)!,
    teachingClass: presentClassLabel(r.teachingClass, signer),
    student: presentStudentLabel(r.student, signer),
    teachingClassStudent: iri('teaching-class-student', r.link.teachingClassStudentId!),
    user: presentLinkUser(r.user, signer),
    isViaInvitation: r.link.isViaInvitation,
  });
