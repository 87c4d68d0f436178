import type { Locale, RosterImportRow, TeachingClassStudent } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentMedia, type MediaRow } from '../media/media.presenter';
import type { PlaceRow } from './teaching-class-students.repository';
import { reasonMessage, type JudgedRow } from './roster-classify';

/** A place; its invitation code only when the viewer is one of the class's teachers. */
export function presentPlace(
  r: { place: PlaceRow; avatar: MediaRow | null },
  signer: UrlSigner,
  showInvitationCode: boolean,
): TeachingClassStudent {
  const p = r.place;
  return embedded('TeachingClassStudent', 'teaching-class-student', p.id, {
    id: p.id,
    created: iso(p.created)!,
    updated: iso(p.updated)!,
    firstName: p.firstName,
    lastName: p.lastName,
    code: p.code,
    student: iri('student', p.studentId),
    teachingClass: iri('teaching-class', p.teachingClassId),
    avatar: r.avatar ? presentMedia(r.avatar, signer) : null,
    creator: p.creatorId ? iri('user', p.creatorId) : null,
    ...(showInvitationCode ? { invitationCode: p.invitationCode } : {}),
    // Written only through the contract's locale enum (migration 0010 keeps it as text).
    familyLanguage: p.familyLanguage as Locale | null,
  });
}

/** A roster import's row (DESIGN §8): what was read, its status, and why when it is not added. */
export function presentRosterRow(r: JudgedRow, placeId?: number): RosterImportRow {
  return {
    line: r.line,
    status: r.status,
    firstName: r.firstName,
    lastName: r.lastName,
    code: r.code,
    ...(r.reason ? { reason: r.reason, message: reasonMessage(r.reason) } : {}),
    ...(r.student ? { student: iri('student', r.student.id) } : {}),
    ...((placeId ?? r.placeId) ? { teachingClassStudent: iri('teaching-class-student', (placeId ?? r.placeId)!) } : {}),
  };
}
