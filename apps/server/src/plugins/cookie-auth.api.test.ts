import { COOKIE_BEARER } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, classRow, createClass } from '../../test/classes';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { fetchBare, jpegWithGps, upload } from '../../test/media';

// The BEARER cookie rides along on requests any site can make: it signs a user in only for media and the
// notification stream, or on requests from our own pages (Origin / Sec-Fetch-Site).
describe('the BEARER cookie', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ PUBLIC_URL: 'https://school.example' });
  });
  afterAll(() => s.close());

  const withCookie = (token: string, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method, url, headers: { cookie: `${COOKIE_BEARER}=${token}`, accept: 'application/ld+json', ...headers } });

  it('answers 403 to a cross-site write carrying it, and the class keeps its code', async () => {
    const t = await signUp(s);
    const cls = await createClass(s, t);
    const before = (await classRow(s, cls.id))!.invitationCode;
    const attempts: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}];
    for (const headers of attempts) {
      const res = await withCookie(t.token, 'POST', `${API}/teaching-class/${cls.id}/invitation-code`, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()['@type']).toBe('hydra:Error');
    }
    expect((await classRow(s, cls.id))!.invitationCode).toBe(before);
  });

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Origin of PUBLIC_URL', { origin: 'https://school.example' }],
  ])('takes it on a write from our own pages (%s)', async (_label, headers) => {
    const t = await signUp(s);
    const cls = await createClass(s, t);
    const res = await withCookie(t.token, 'POST', `${API}/teaching-class/${cls.id}/invitation-code`, headers);
    expect(res.statusCode).toBe(200);
  });

  it('reads API resources with it only from our own pages; otherwise the request counts as signed out', async () => {
    const t = await signUp(s);
    expect((await withCookie(t.token, 'GET', `${API}/user/${t.id}`)).statusCode).toBe(401);
    expect((await withCookie(t.token, 'GET', `${API}/user/${t.id}`, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(401);
    expect((await withCookie(t.token, 'GET', `${API}/user/${t.id}`, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('opens media files from any page, as an <img> does', async () => {
    const t = await signUp(s);
    const photo = (await upload(s, t.token, 7, { filename: 'p.jpg', type: 'image/jpeg', content: await jpegWithGps() })).json() as { id: number };
    const res = await fetchBare(s, `/media/${photo.id}`, { cookie: `${COOKIE_BEARER}=${t.token}`, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(200);
  });

  it('leaves the Authorization header alone: a client sending it needs no Origin', async () => {
    const t = await signUp(s);
    const cls = await createClass(s, t);
    const res = await s.api('POST', `${API}/teaching-class/${cls.id}/invitation-code`, { token: t.token, headers: { origin: 'https://other.example' } });
    expect(res.statusCode).toBe(200);
  });
});
