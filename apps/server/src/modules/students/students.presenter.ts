import type { Student } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentMedia } from '../media/media.presenter';
import type { StudentWithAvatar } from './students.repository';

export function presentStudent(r: StudentWithAvatar, signer: UrlSigner): Student {
  const s = r.student;
  return embedded('Student', 'student', s.id, {
    id: s.id,
    created: iso(s.created)!,
    updated: iso(s.updated)!,
    firstName: s.firstName,
    lastName: s.lastName,
    code: s.code,
    avatar: r.avatar ? presentMedia(r.avatar, signer) : null,
    creator: s.creatorId ? iri('user', s.creatorId) : null,
  });
}
