import type { Teacher, TeachingClassTeacher } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentMedia } from '../media/media.presenter';
import { presentUserLabel } from '../../class-access/class-labels';
import type { ClassTeacherFull } from './class-teachers.repository';
import type { TeacherListRow } from './teachers.repository';

export const presentClassTeacher = (r: ClassTeacherFull, signer: UrlSigner): TeachingClassTeacher =>
  embedded('TeachingClassTeacher', 'teaching-class-teacher', r.row.id, {
    id: r.row.id,
    created: iso(r.row.created)!,
    updated: iso(r.row.updated)!,
    teachingClass: iri('teaching-class', r.row.teachingClassId),
    teacher: presentUserLabel(r.teacher, signer),
    isViaInvitation: r.row.isViaInvitation,
  });

export const presentTeacher = (r: TeacherListRow, signer: UrlSigner): Teacher =>
  embedded('Teacher', 'teacher', r.user.id, {
    id: r.user.id,
    firstName: r.user.firstName,
    lastName: r.user.lastName,
    avatar: r.avatar ? presentMedia(r.avatar, signer) : null,
    school: r.school ? embedded('School', 'school', r.school.id, { id: r.school.id, name: r.school.name }) : null,
    ...(r.sharesClass ? { phone: r.user.phone } : {}),
  });
