import type { ClassUserType, SchoolSummary, TeachingClass, TeachingClassSummary } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { UrlSigner } from '../../lib/url-signer';
import { presentEducationLevel } from '../education-levels/education-levels.presenter';
import { presentMedia, type MediaRow } from '../media/media.presenter';
import { presentSubscription } from '../subscriptions/subscriptions.presenter';
import { presentPlace } from '../teaching-class-students/teaching-class-students.presenter';
import { presentPublicUser } from '../users/users.presenter';
import { classAbilities, roleMay } from '../../class-access/access-rules';
import type { ClassMemberRows, ClassWithRelations } from './teaching-classes.sql';

type UserSummary = { id: number; firstName: string; lastName: string; accountType: string };
/** The product's clients read `term` as a number (TeachingClass.term): one written as digits goes out as one. */
const termOf = (term: string | null) => (term !== null && /^(0|[1-9]\d{0,8})$/.test(term) ? Number(term) : term);

export type ClassMembers = ClassMemberRows;

const presentSchoolSummary = (s: { id: number; name: string } | null): SchoolSummary | null =>
  s ? embedded('School', 'school', s.id, { id: s.id, name: s.name }) : null;

/**
 * A class for one viewer: with teachers and students when `members` is given (the detail), without in lists, where
 * each running class carries its students not observed lately (`notObserved`, DESIGN §12).
 */
export function presentClass(r: ClassWithRelations & { notObserved?: number }, signer: UrlSigner, members?: ClassMembers): TeachingClass {
  const c = r.cls;
  const role = r.role as ClassUserType;
  const showCodes = roleMay(role, 'class.seeCodes');
  return embedded('TeachingClass', 'teaching-class', c.id, {
    id: c.id,
    created: iso(c.created)!,
    updated: iso(c.updated)!,
    name: c.name,
    grade: c.grade,
    ...(showCodes ? { invitationCode: c.invitationCode } : {}),
    year: c.year,
    start: c.start,
    end: c.end,
    isFinished: c.isFinished,
    finishedAt: iso(c.finishedAt),
    defaultPoints: c.defaultPoints,
    familyComments: c.familyComments,
    officeHours: c.officeHours ?? null,
    selfAssessment: c.selfAssessment,
    coverageDays: c.coverageDays,
    avatar: r.avatar ? presentMedia(r.avatar, signer) : null,
    school: presentSchoolSummary(r.school),
    creator: presentPublicUser({ user: r.creator, avatar: r.creatorAvatar }, signer),
    term: termOf(c.term),
    numTeachers: r.numTeachers,
    numStudents: r.numStudents,
    // A finished class observes no one any more: its count would only be everyone.
    ...(r.notObserved === undefined || c.isFinished ? {} : { notObserved: r.notObserved }),
    ...(members
      ? {
          teachers: members.teachers.map((t) => presentPublicUser(t, signer)),
          students: members.places.map((p) => iri('student', p.place.studentId)),
          teachingClassStudents: members.places.map((p) => presentPlace(p, signer, showCodes)),
        }
      : {}),
    educationLevel: r.educationLevel ? presentEducationLevel(r.educationLevel) : null,
    isIndividual: c.isIndividual,
    subscription: r.subscription ? presentSubscription({ ...r.subscription, userRoles: r.subscriptionRoles }) : null,
    userType: role,
    abilities: classAbilities(role),
  });
}

type SummaryRow = {
  id: number;
  name: string;
  avatar: MediaRow | null;
  school: { id: number; name: string } | null;
  creator: UserSummary;
  role: ClassUserType | null;
};

/** What an invitation code reveals to anyone signed in: name, school, creator's name and avatar. */
export function presentClassSummary(r: SummaryRow, signer: UrlSigner): TeachingClassSummary {
  const creator = presentPublicUser({ user: r.creator, avatar: null }, signer);
  return embedded('TeachingClass', 'teaching-class', r.id, {
    id: r.id,
    name: r.name,
    school: presentSchoolSummary(r.school),
    creator: { '@id': creator['@id'], '@type': creator['@type'], id: creator.id, firstName: creator.firstName, lastName: creator.lastName },
    avatar: r.avatar ? presentMedia(r.avatar, signer) : null,
    userType: r.role,
  });
}
