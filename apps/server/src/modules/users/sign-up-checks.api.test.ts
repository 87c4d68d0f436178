import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, withClassRoles } from '../../../test/classes';

/**
 * GET /api/public/v1/user/validate/email/{email} and …/username/{username}: whether sign-up may use a value. They
 * tell what a sign-up with it would (taken or free, never whose), to anyone, signed in or not, alike.
 */
const PUBLIC = '/api/public/v1/user/validate';
const t = withClassRoles();

const check = (kind: 'email' | 'username', value: string, token?: string) =>
  t.s.api('GET', `${PUBLIC}/${kind}/${encodeURIComponent(value)}`, { token });

describe(`sign-up checks (${dbKind})`, () => {
  it('say a free value is free, and a taken one taken with the message sign-up gives, in any letter case', async () => {
    expect((await check('email', 'nobody-yet@example.org')).json()).toEqual({ available: true });
    expect((await check('username', 'nobody-yet')).json()).toEqual({ available: true });
    expect((await check('email', t.w.creator.user.email.toUpperCase())).json()).toEqual({
      available: false,
      message: 'This email is already used.',
    });
    expect((await check('username', t.w.creator.username)).json()).toEqual({ available: false, message: 'This username is already used.' });
    const signUpAnswer = await t.s.api('POST', '/api/public/v1/user', {
      body: {
        username: t.w.creator.username,
        email: t.w.creator.user.email,
        plainPassword: 'correct horse battery',
        firstName: 'A',
        lastName: 'B',
        accountTypeRadio: 'teacher',
      },
    });
    expect(
      signUpAnswer
        .json()
        .violations.map((v: { message: string }) => v.message)
        .sort(),
    ).toEqual(['This email is already used.', 'This username is already used.']);
  });

  it('answer every role the same: no account is described, whoever asks', async () => {
    const answers = new Set<string>();
    for (const token of [undefined, t.w.creator.token, t.w.coteacher.token, t.w.evaluator.token, t.w.linked.token, t.w.stranger.token]) {
      const res = await check('email', t.w.linked.user.email, token);
      expect(res.statusCode).toBe(200);
      answers.add(res.body);
    }
    expect([...answers]).toEqual([JSON.stringify({ available: false, message: 'This email is already used.' })]);
  });

  it('refuse what sign-up would refuse with violations (400)', async () => {
    for (const [kind, value, path] of [
      ['email', 'not-an-address', 'email'],
      ['email', `${'a'.repeat(180)}@example.org`, 'email'],
      ['username', 'has space', 'username'],
      ['username', 'x'.repeat(181), 'username'],
    ] as const) {
      const res = await check(kind, value);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ '@type': 'ConstraintViolationList', violations: [{ propertyPath: path }] });
    }
  });
});

describe(`sign-up checks are limited as sign-up is (${dbKind})`, () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_AUTH_PER_MINUTE: '3' });
  });
  afterAll(() => limited.close());

  it.each(['email/someone@example.org', 'username/someone'])('answers 429 after RATE_LIMIT_AUTH_PER_MINUTE calls of %s', async (tail) => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await limited.api('GET', `${PUBLIC}/${tail}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('still lets a sign-up through (its own counter)', async () => {
    expect((await signUp(limited)).id).toBeGreaterThan(0);
  });
});

it('is not under the authenticated prefix', async () => {
  expect((await t.s.api('GET', `${API}/user/validate/email/a@b.org`, { token: t.w.creator.token })).statusCode).toBe(404);
});
