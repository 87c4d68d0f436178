import { refToId } from '@skillroom/contract/rules';
import type { HydraCollection, StudentProfileUser, TeachingClass, TeachingClassStudent } from '@skillroom/contract/types';
import { reportPath } from '../features/reports/api/reports-api';
import { rangeFrom } from '../features/reports/components/range-presets';
import { allClassesKey, studentPlacesKey } from '../features/students/api/students-api';
import { studentGrowthKey } from '../entities/growth/growth-api';
import { homeObservationsKey } from '../entities/home-observations/home-observations-api';
import { pendingLinkRequestsKey, studentLinksKey } from '../entities/invitations/student-links-api';
import { feedKey } from '../entities/ratings/ratings-api';
import { selfAssessmentsKey } from '../entities/self-assessments/self-assessments-api';
import { placeKey } from '../entities/teaching-class-students/place-api';
import { classKey, may, routeId } from '../lib/teaching-classes';
import type { ScreenAt } from './screen-reads';

type Keys = (string | null | false | undefined)[];

/** A student's place as the path names it (either of its paths, spec §2), once read; else the read it waits for. */
function placeAt({ params, read }: ScreenAt): { place: TeachingClassStudent; classId: number | null; studentId: number } | Keys {
  const placeId = routeId(params.teachingClassStudentId);
  const pathClassId = params.teachingClassId === undefined ? undefined : routeId(params.teachingClassId);
  if (!placeId || pathClassId === null) return [];
  const place = read[placeKey(placeId)] as TeachingClassStudent | undefined;
  if (!place) return [placeKey(placeId)];
  const classId = refToId(place.teachingClass);
  const studentId = refToId(place.student);
  // Not this class's student (or no person behind the place): the screen says not found, and reads nothing more.
  if ((pathClassId !== undefined && pathClassId !== classId) || !studentId) return [];
  return { place, classId, studentId };
}

/**
 * The student page (features/students/routes/student-detail-route.tsx) read as its gate decides (entities/
 * teaching-class-students/place-gate.tsx): the place; for an account that may be linked, its links to the student, and
 * a link shows the family's page without the class; otherwise the class (refused: the page without it). Then what the
 * page draws: the feed's first page, growth, self-assessments, and the family's home observations and link, or the
 * teachers' count of link requests and the student's other classes.
 */
export function studentReads(at: ScreenAt): Keys {
  const found = placeAt(at);
  if (Array.isArray(found)) return found;
  const { place, classId, studentId } = found;
  const { user, read } = at;
  const keys: Keys = [placeKey(place.id)];
  const linksKey = studentLinksKey({ 'student.id': studentId, 'user.id': user.id });
  if (user.accountType !== 'teacher') {
    keys.push(linksKey);
    if (!(linksKey in read)) return keys;
  }
  const links = (read[linksKey] as HydraCollection<StudentProfileUser> | undefined)?.['hydra:member'] ?? [];
  const link = links.find((l) => refToId(l.teachingClass) === classId) ?? links[0];
  if (link) {
    const linkedClassId = link.teachingClass.id;
    return [
      ...keys,
      feedKey({ placeId: place.id }),
      selfAssessmentsKey(place.id),
      studentGrowthKey({ studentId, classId: linkedClassId }),
      homeObservationsKey({ placeId: place.id }),
      studentLinksKey({ 'teachingClassStudent.id': place.id, 'user.id': user.id }),
    ];
  }
  if (classId === null) return keys;
  keys.push(classKey(classId));
  if (!(classKey(classId) in read)) return keys;
  const cls = read[classKey(classId)] as TeachingClass | undefined;
  const others = studentPlacesKey(studentId);
  const places = read[others] as HydraCollection<TeachingClassStudent> | undefined;
  return [
    ...keys,
    feedKey({ placeId: place.id }),
    cls && selfAssessmentsKey(place.id),
    studentGrowthKey({ studentId, classId: cls?.id ?? null }),
    may(cls, 'manageStudents') && !cls?.isFinished && pendingLinkRequestsKey({ 'teachingClass.id': classId, 'student.id': studentId }),
    others,
    places?.['hydra:member'].some((p) => p.id !== place.id) && allClassesKey,
  ];
}

/** A student's report: the place, then the report of the person in its class, over the range in the address. */
export function studentReportReads(at: ScreenAt): Keys {
  const found = placeAt(at);
  if (Array.isArray(found)) return found;
  const { place, classId, studentId } = found;
  return [placeKey(place.id), reportPath({ kind: 'student', id: studentId, classId }, rangeFrom(at.search))];
}
