import { V } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, tableFingerprinter } from '../../../test/db-fingerprint';
import { dbKind, signUp, startTestServer, type TestServer } from '../../../test/harness';

const API = '/api/auth/v1';
const ACCEPT = `${API}/privacy-policy/accept`;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ PRIVACY_POLICY_DATE: '2026-11-20' });
});
afterAll(() => s.close());

describe(`privacy policy agreement (${dbKind})`, () => {
  it('serves the current policy date in the public configuration', async () => {
    const res = await s.api('GET', '/api/public/v1/config');
    expect(res.json().privacyPolicyDate).toBe('2026-11-20');
  });

  it('records agreement at sign-up only when it is given', async () => {
    const before = Date.now();
    const agreed = await signUp(s, { privacyPolicyAgreed: true });
    expect(Date.parse(agreed.user.privacyPolicyLastAgreed!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await signUp(s)).user.privacyPolicyLastAgreed).toBeNull();
    expect((await signUp(s, { privacyPolicyAgreed: false })).user.privacyPolicyLastAgreed).toBeNull();
  });

  it('refuses an agreement that is not a yes or no', async () => {
    const res = await s.api('POST', '/api/public/v1/user', {
      body: {
        username: 'maybe1',
        email: 'maybe1@example.org',
        plainPassword: 'correct horse battery',
        firstName: 'M',
        lastName: 'B',
        accountTypeRadio: 'teacher',
        privacyPolicyAgreed: 'yes',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toContainEqual({ propertyPath: 'privacyPolicyAgreed', message: V.typeOf('bool') });
  });

  it('a body-less POST with a JSON-LD content type accepts the policy and answers the user', async () => {
    const u = await signUp(s);
    const before = Date.now();
    const res = await s.app.inject({
      method: 'POST',
      url: ACCEPT,
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/ld+json', accept: 'application/ld+json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/ld\+json/);
    const user = res.json();
    expect(user).toMatchObject({ '@id': `${API}/user/${u.id}`, id: u.id, username: u.username });
    expect(Date.parse(user.privacyPolicyLastAgreed)).toBeGreaterThanOrEqual(before - 1000);
    // The profile reads the same afterwards; accepting again moves the date on, it is never an error.
    expect((await s.api('GET', `${API}/user/${u.id}`, { token: u.token })).json().privacyPolicyLastAgreed).toBe(
      user.privacyPolicyLastAgreed,
    );
    const again = await s.api('POST', ACCEPT, { token: u.token, body: {} });
    expect(again.statusCode).toBe(200);
    expect(Date.parse(again.json().privacyPolicyLastAgreed)).toBeGreaterThanOrEqual(Date.parse(user.privacyPolicyLastAgreed));
    // Without a content type, or sending back what was read, it works too.
    expect((await s.app.inject({ method: 'POST', url: ACCEPT, headers: { authorization: `Bearer ${u.token}` } })).statusCode).toBe(200);
    expect(
      (await s.api('POST', ACCEPT, { token: u.token, body: { '@id': user['@id'], '@type': user['@type'], id: u.id } })).statusCode,
    ).toBe(200);
  });

  it('answers only for the signed-in user: 401 without a token', async () => {
    const res = await s.api('POST', ACCEPT);
    expect(res.statusCode).toBe(401);
    expect(res.json()['@type']).toBe('hydra:Error');
  });

  it('refuses a body it does not understand, and changes nothing', async () => {
    const u = await signUp(s);
    const fp = await tableFingerprinter(s.ctx.db);
    const before = await fp.take();
    for (const body of [{ privacyPolicyLastAgreed: '2020-01-01', user: 3 }, { agreed: true }]) {
      const res = await s.api('POST', ACCEPT, { token: u.token, body });
      expect(res.statusCode).toBe(400);
    }
    const xml = await s.app.inject({
      method: 'POST',
      url: ACCEPT,
      payload: '<agree/>',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(changedTables(before, await fp.take())).toEqual([]);
    expect((await s.api('GET', `${API}/user/${u.id}`, { token: u.token })).json().privacyPolicyLastAgreed).toBeNull();
  });

  it('ten accepts at once all answer 200 with the user', async () => {
    const u = await signUp(s);
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.api('POST', ACCEPT, { token: u.token })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.every((r) => r.json().privacyPolicyLastAgreed)).toBe(true);
  });
});
