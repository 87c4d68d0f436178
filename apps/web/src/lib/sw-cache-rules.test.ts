import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheNameOf, clearUserCaches, isCachedPublicRead, isCachedUserRead, userIdOfAuthorization } from './sw-cache-rules';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const bearer = (claims: object) => `Bearer ${b64({ alg: 'RS256' })}.${b64(claims)}.sig`;
const u = (path: string) => new URL(`https://school.example${path}`);

describe('offline reads of the service worker (DESIGN §7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps what a class page and a student rating themself need, and nothing else', () => {
    for (const p of [
      '/api/auth/v1/student-profile-users?user.id=7&itemsPerPage=100',
      '/api/auth/v1/growth/student/12?teachingClassId=4',
      '/api/auth/v1/self-assessments?teachingClassStudent.id=40&itemsPerPage=30',
      '/api/auth/v1/teaching-class/4',
      '/api/auth/v1/teaching-class/4/learning-skills',
      '/api/auth/v1/ratings?teachingClass.id=4&page=1',
      '/api/auth/v1/user/7',
      '/api/auth/v1/teaching-classes?isFinished=0',
    ])
      expect(isCachedUserRead(u(p)), p).toBe(true);
    for (const p of [
      '/api/auth/v1/report/class/4',
      '/api/auth/v1/growth/class/4',
      '/api/auth/v1/self-assessment/9',
      '/api/auth/v1/notifications',
      '/api/auth/v1/teaching-class/4/invitation-code',
      '/media/x.jpg',
      '/api/auth/v1/users',
    ])
      expect(isCachedUserRead(u(p)), p).toBe(false);
    expect(isCachedPublicRead(u('/api/public/v1/translation/zh-HK'))).toBe(true);
    // The web app's own texts, compiled ahead of time: what an offline first screen shows.
    expect(isCachedPublicRead(u('/api/public/v1/translation/zh-HK/compiled'))).toBe(true);
    expect(isCachedPublicRead(u('/api/public/v1/translation/zh-HK/other'))).toBe(false);
    expect(isCachedPublicRead(u('/api/public/v1/login_check'))).toBe(false);
  });

  it("files each user's answers under their own cache, read from the token's userid claim", () => {
    expect(userIdOfAuthorization(bearer({ userid: 7, exp: 1 }))).toBe(7);
    expect(cacheNameOf(7)).not.toBe(cacheNameOf(8));
    for (const h of [null, 'Basic abc', 'Bearer nonsense', bearer({ userid: '7' }), bearer({ sub: 7 })])
      expect(userIdOfAuthorization(h), String(h)).toBeNull();
  });

  it("sign-out drops every user's cached reads and leaves the app shell's precache", async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => [cacheNameOf(7), cacheNameOf(8), 'workbox-precache-v2-https://school.example/web/', 'public-api'],
      delete: async (k: string) => deleted.push(k),
    });
    await clearUserCaches();
    expect(deleted).toEqual([cacheNameOf(7), cacheNameOf(8)]);
  });
});
