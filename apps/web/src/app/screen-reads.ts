import type { User } from '@skillroom/contract/types';
import { matchPath, type Params } from 'react-router';
import { unstable_serialize } from 'swr/infinite';
import { classPageKey } from '../features/classes/api/classes-api';
import { coverageKey } from '../features/classes/api/coverage-api';
import { EVALUATED_CLASSES_KEY } from '../features/linked-students/routes/linked-dashboard-route';
import { homeObservationsKey } from '../entities/home-observations/home-observations-api';
import { pendingLinkRequestsKey, studentLinksKey } from '../entities/invitations/student-links-api';
import { classSkillsKey } from '../entities/learning-skills/learning-skills-api';
import { UNREAD_KEY } from '../entities/notifications/notifications-api';
import { feedKey } from '../entities/ratings/ratings-api';
import { classKey, routeId } from '../lib/teaching-classes';
import { needsSignIn } from './router';

/** What a screen reads on its first render, as the SWR keys its hooks use (an infinite list's is `unstable_serialize`d). */
type Reads = (params: Params, user: User) => (string | null)[];

/**
 * The class page: the class, its skills, the banners it waits for before drawing the students (family requests and home
 * observations: a teacher's; another reader's answer is refused or empty and costs nothing; coverage, DESIGN §12, whose
 * "Not observed" banner and order of the students are in the first HTML) and the feed's first page.
 * The feed's hearts and comment counts are read once the ratings are known, after hydration.
 */
const classReads = (p: Params) => {
  const classId = routeId(p.teachingClassId);
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

/**
 * The API reads the server makes for a signed-in screen's first render (entry-server.tsx, issue 35), by the router's path
 * patterns (app/router.tsx): one line a screen. A screen not listed renders with the user, the texts and the
 * configuration, and asks for the rest itself once hydrated.
 */
const SCREEN_READS: Record<string, Reads> = {
  '/': (_, user) =>
    user.accountType === 'teacher'
      ? [unstable_serialize(classPageKey(false, 'all'))]
      : [studentLinksKey({ 'user.id': user.id }), EVALUATED_CLASSES_KEY],
  '/teaching-class/:teachingClassId': classReads,
};

/** The header's reads, beside every signed-in screen's. */
const SHELL_READS = [UNREAD_KEY];

/** The SWR keys the first render of `path` reads for `user` (a screen in the app's shell: the header's too). */
export function screenReads(path: string, user: User | null): string[] {
  if (!user) return [];
  const shell = needsSignIn(path) ? SHELL_READS : [];
  for (const [pattern, reads] of Object.entries(SCREEN_READS)) {
    const match = matchPath(pattern, path);
    if (match) return [...shell, ...reads(match.params, user).filter((k): k is string => Boolean(k))];
  }
  return shell;
}
