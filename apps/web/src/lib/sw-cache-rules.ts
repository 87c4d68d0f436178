import { API_AUTH_PREFIX, API_PUBLIC_PREFIX } from '@skillroom/contract/constants';

/**
 * Which reads the service worker keeps for offline use (DESIGN §7), shared by the worker and the page (which clears
 * them at sign-out). What a class page needs: the class, its students, skills and ratings, the user, the dashboard's
 * list; what a student's own page needs to rate themself offline (issue 38): their links, growth (the class's skills
 * and stages) and self-assessments; and the public texts and configuration every screen starts with.
 */
const USER_READS = [
  /^\/teaching-class\/\d+(\/learning-skills)?$/,
  /^\/teaching-classes$/,
  /^\/teaching-class-students?(\/\d+)?$/,
  /^\/teaching-class-learning-skills?(\/\d+)?$/,
  /^\/learning-skills$/,
  /^\/ratings$/,
  /^\/medias$/,
  /^\/user\/\d+$/,
  /^\/student-profile-users$/,
  /^\/growth\/student\/\d+$/,
  /^\/self-assessments$/,
];
const PUBLIC_READS = [/^\/translation\/[A-Za-z-]+(\/compiled)?$/, /^\/config$/];

/** Each user's reads go to a cache of their own, named after them. */
export const USER_CACHE_PREFIX = 'skillroom-reads-user-';
export const cacheNameOf = (userId: number) => `${USER_CACHE_PREFIX}${userId}`;

const under = (pathname: string, prefix: string, rules: RegExp[]) =>
  pathname.startsWith(`${prefix}/`) && rules.some((r) => r.test(pathname.slice(prefix.length)));

export const isCachedUserRead = (url: URL) => under(url.pathname, API_AUTH_PREFIX, USER_READS);
export const isCachedPublicRead = (url: URL) => under(url.pathname, API_PUBLIC_PREFIX, PUBLIC_READS);

/** The user a bearer token names (its userid claim), without checking it: the server does that on every request. */
export function userIdOfAuthorization(header: string | null): number | null {
  const payload = header?.match(/^Bearer [^.]+\.([^.]+)\./)?.[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { userid?: unknown };
    return typeof claims.userid === 'number' && Number.isInteger(claims.userid) ? claims.userid : null;
  } catch {
    return null;
  }
}

/** Sign-out: every user's cached reads go (the page's Cache API is the worker's). */
export async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const keys = await caches.keys();
  await Promise.all(keys.filter((k) => k.startsWith(USER_CACHE_PREFIX)).map((k) => caches.delete(k)));
}
