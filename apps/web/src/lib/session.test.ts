// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, currentUserId, decodeClaims, storeTokens, validToken } from './session';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;
const now = () => Math.floor(Date.now() / 1000);
const fresh = (userid = 7) => jwt({ userid, username: 'u', roles: ['ROLE_USER'], iat: now(), exp: now() + 900 });
const expired = () => jwt({ userid: 7, username: 'u', roles: [], iat: now() - 1000, exp: now() - 10 });

describe('session (spec §4)', () => {
  beforeEach(() => clearTokens());
  afterEach(() => vi.unstubAllGlobals());

  it('decodes the claims, and refuses what is not a token', () => {
    expect(decodeClaims(fresh(42))?.userid).toBe(42);
    expect(decodeClaims('garbage')).toBeNull();
    expect(decodeClaims(`a.${btoa('{not json')}.c`)).toBeNull();
    expect(decodeClaims(null)).toBeNull();
  });

  it('reads the user id from the userid claim; no token means not signed in', () => {
    expect(currentUserId()).toBeNull();
    storeTokens({ token: fresh(9), refresh_token: 'r' });
    expect(currentUserId()).toBe(9);
    expect(document.cookie).toContain('BEARER=');
    expect(document.cookie).toContain('REFRESH_TOKEN=r');
  });

  it('uses a valid bearer token as it is, without refreshing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const token = fresh();
    storeTokens({ token, refresh_token: 'r1' });
    expect(await validToken()).toBe(token);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refreshes an expired token once for concurrent callers and stores the new pair', async () => {
    const next = fresh(7);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ token: next, refresh_token: 'r2' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    storeTokens({ token: expired(), refresh_token: 'r1' });
    const [a, b] = await Promise.all([validToken(), validToken()]);
    expect([a, b]).toEqual([next, next]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ refresh_token: 'r1' });
    expect(document.cookie).toContain('REFRESH_TOKEN=r2');
  });

  it('reads the cookies afresh before spending the refresh token: another tab may have just refreshed the pair', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    storeTokens({ token: expired(), refresh_token: 'r1' });
    expect(currentUserId()).toBe(7);
    // Another tab refreshes in the same moment: the cookies change behind this page's copy of them.
    const next = fresh(7);
    document.cookie = `BEARER=${next}; path=/`;
    document.cookie = 'REFRESH_TOKEN=r2; path=/';
    expect(await validToken()).toBe(next);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing without a refresh token, and swallows a failed refresh', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await validToken()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    storeTokens({ token: 'undecodable', refresh_token: 'bad' });
    expect(await validToken()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
