import type { Report, User } from '@skillroom/contract/types';
import { matchPath, type Params } from 'react-router';
import { unstable_serialize } from 'swr/infinite';
import { classPageKey } from '../features/classes/api/classes-api';
import { coverageKey } from '../features/classes/api/coverage-api';
import { EVALUATED_CLASSES_KEY } from '../features/linked-students/routes/linked-dashboard-route';
import { reportPath } from '../features/reports/api/reports-api';
import { rangeFrom } from '../features/reports/components/range-presets';
import { classGrowthKey } from '../entities/growth/growth-api';
import { homeObservationsKey } from '../entities/home-observations/home-observations-api';
import { pendingLinkRequestsKey, studentLinksKey } from '../entities/invitations/student-links-api';
import { classSkillsKey } from '../entities/learning-skills/learning-skills-api';
import { notificationPageKey, UNREAD_KEY } from '../entities/notifications/notifications-api';
import { feedKey } from '../entities/ratings/ratings-api';
import { classKey, routeId } from '../lib/teaching-classes';
import { studentReads, studentReportReads } from './place-reads';
import { needsSignIn } from './router';

/**
 * The answers read so far for a page, by SWR key: a key asked for is here, with its answer or, refused, undefined (an
 * infinite list's answer is its pages). A screen whose reads follow from others (a student's place, then its class) names
 * the next ones once these are in: the server asks in rounds until a screen names nothing new.
 */
export type ReadSoFar = Readonly<Record<string, unknown>>;

/** Where a screen is: its path's parameters, its address's query, its reader and what has been read for it. */
export interface ScreenAt {
  params: Params;
  search: URLSearchParams;
  user: User;
  read: ReadSoFar;
}

/** What a screen reads on its first render, as the SWR keys its hooks use (an infinite list's is `unstable_serialize`d). */
type Reads = (at: ScreenAt) => (string | null | false | undefined)[];

/**
 * The class page: the class, its skills, the banners it waits for before drawing the students (family requests and home
 * observations: a teacher's; another reader's answer is refused or empty and costs nothing; coverage, DESIGN §12, whose
 * "Not observed" banner and order of the students are in the first HTML) and the feed's first page.
 * The feed's hearts and comment counts are read once the ratings are known, after hydration.
 */
const classReads = ({ params }: ScreenAt) => {
  const classId = routeId(params.teachingClassId);
  if (!classId) return [];
  return [
    classKey(classId),
    classSkillsKey(classId),
    pendingLinkRequestsKey({ 'teachingClass.id': classId }),
    homeObservationsKey({ classId, status: 'pending' }),
    coverageKey(classId),
    feedKey({ classId }),
  ];
};

/** The class report: the class and the report over the range in the address, then the growth grid as of its end. */
const classReportReads = ({ params, search, read }: ScreenAt) => {
  const classId = routeId(params.teachingClassId);
  if (!classId) return [];
  const report = reportPath({ kind: 'class', id: classId }, rangeFrom(search));
  const end = (read[report] as Report | undefined)?.end;
  return [classKey(classId), report, end && classGrowthKey(classId, end)];
};

/**
 * The API reads the server makes for a signed-in screen's first render (entry-server.tsx, issue 35), by the router's path
 * patterns (app/router.tsx): one line a screen. A screen not listed renders with the user, the texts and the
 * configuration, and asks for the rest itself once hydrated.
 */
const SCREEN_READS: Record<string, Reads> = {
  '/': ({ user }) =>
    user.accountType === 'teacher'
      ? [unstable_serialize(classPageKey(false, 'all'))]
      : [studentLinksKey({ 'user.id': user.id }), EVALUATED_CLASSES_KEY],
  '/teaching-class/:teachingClassId': classReads,
  '/teaching-class/:teachingClassId/report': classReportReads,
  // A student's screens under both of their paths (spec §2).
  '/teaching-class/:teachingClassId/student/:teachingClassStudentId': studentReads,
  '/student/:teachingClassStudentId': studentReads,
  '/teaching-class/:teachingClassId/student/:teachingClassStudentId/report': studentReportReads,
  '/student/:teachingClassStudentId/report': studentReportReads,
  '/notifications': () => [unstable_serialize(notificationPageKey)],
};

/** The header's reads, beside every signed-in screen's. */
const SHELL_READS = [UNREAD_KEY];

/**
 * The SWR keys the first render of `path` (with its query, `search`) reads for `user`, given what is `read` so far (a
 * screen in the app's shell: the header's too). Asked again with each round's answers; keys already read come back
 * among them, and the server asks only for the new ones.
 */
export function screenReads(path: string, search: string, user: User | null, read: ReadSoFar = {}): string[] {
  if (!user) return [];
  const shell = needsSignIn(path) ? SHELL_READS : [];
  for (const [pattern, reads] of Object.entries(SCREEN_READS)) {
    const match = matchPath(pattern, path);
    if (match) {
      const keys = reads({ params: match.params, search: new URLSearchParams(search), user, read });
      return [...shell, ...keys.filter((k): k is string => typeof k === 'string' && k !== '')];
    }
  }
  return shell;
}
