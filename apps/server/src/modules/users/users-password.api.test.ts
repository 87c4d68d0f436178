import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailures } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { JOB } from '../../lib/job-names';
import { FREE_FAILURES, throttleKey } from '../../accounts/sign-in-throttle';

const LOGIN = '/api/public/v1/login_check';

describe('changing the password through PATCH /user/{id}', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const login = (username: string, password: string) => s.api('POST', LOGIN, { body: { username, password } });
  const refresh = (token: string) => s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: token } });

  it.each([
    ['without the current password', {}],
    ['with a wrong current password', { currentPassword: 'not my password' }],
  ])('answers 400 on currentPassword %s, and the password stays', async (_label, extra) => {
    const me = await signUp(s);
    const res = await s.api('PATCH', `/api/auth/v1/user/${me.id}`, { token: me.token, body: { plainPassword: 'a brand new password', firstName: 'Changed', ...extra } });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([expect.objectContaining({ propertyPath: 'currentPassword' })]);
    expect((await login(me.username, me.password)).statusCode).toBe(200);
    expect((await s.api('GET', `/api/auth/v1/user/${me.id}`, { token: me.token })).json().firstName).toBe('Test');
  });

  it('with the current password: changes it and ends every other session, while this one goes on', async () => {
    const me = await signUp(s);
    const other = (await login(me.username, me.password)).json() as { refresh_token: string };
    const res = await s.api('PATCH', `/api/auth/v1/user/${me.id}`, { token: me.token, body: { plainPassword: 'a brand new password', currentPassword: me.password } });
    expect(res.statusCode).toBe(200);
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(me.refresh)).statusCode).toBe(200);
    expect((await login(me.username, me.password)).statusCode).toBe(401);
    expect((await login(me.username, 'a brand new password')).statusCode).toBe(200);
  });

  it('counts wrong current passwords towards the account lock', async () => {
    const me = await signUp(s);
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await s.api('PATCH', `/api/auth/v1/user/${me.id}`, { token: me.token, body: { plainPassword: 'a brand new password', currentPassword: `guess ${i}` } })).statusCode).toBe(400);
    }
    const locked = await s.api('PATCH', `/api/auth/v1/user/${me.id}`, { token: me.token, body: { plainPassword: 'a brand new password', currentPassword: me.password } });
    expect(locked.statusCode).toBe(429);
    expect((await login(me.username, me.password)).statusCode).toBe(429);
  });
});

describe('per-account lock after failed sign-ins', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({}, { jobs: true });
  });
  afterAll(() => s.close());

  const login = (username: string, password: string) => s.api('POST', LOGIN, { body: { username, password } });

  /** The statuses of FREE_FAILURES wrong attempts and then one more with `last`. */
  const attempts = async (username: string, last: string) => {
    const out: number[] = [];
    for (let i = 0; i < FREE_FAILURES; i++) out.push((await login(username, `wrong ${i}`)).statusCode);
    const final = await login(username, last);
    out.push(final.statusCode);
    return { statuses: out, final };
  };

  it(`locks an account after ${FREE_FAILURES} failures, even for the right password, with Retry-After; other accounts go on`, async () => {
    const [me, other] = await Promise.all([signUp(s), signUp(s)]);
    const { statuses, final } = await attempts(me.username, me.password);
    expect(statuses).toEqual([...Array<number>(FREE_FAILURES).fill(401), 429]);
    expect(Number(final.headers['retry-after'])).toBeGreaterThan(0);
    expect(final.json()['hydra:description']).toMatch(/^Too many failed sign-ins: please try again in \d+ minutes?\.$/);
    // By e-mail it is the same account, so the same lock.
    expect((await login(me.user.email, me.password)).statusCode).toBe(429);
    expect((await login(other.username, other.password)).statusCode).toBe(200);
  });

  it(`lets no more than ${FREE_FAILURES} guesses sent at once reach the password check`, async () => {
    const me = await signUp(s);
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => login(me.username, `parallel guess ${i}`).then((r) => r.statusCode)));
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(FREE_FAILURES);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(20 - FREE_FAILURES);
  });

  it('answers an unknown login exactly like an account, so the lock tells nothing about who has one', async () => {
    const me = await signUp(s);
    const known = await attempts(me.username, 'still wrong');
    const unknown = await attempts(`nobody-${me.username}`, 'still wrong');
    expect(unknown.statuses).toEqual(known.statuses);
    expect(unknown.final.json()['hydra:description']).toBe(known.final.json()['hydra:description']);
  });

  it('is lifted by a password reset, so that a locked-out owner gets back in at once', async () => {
    const me = await signUp(s);
    expect((await attempts(me.username, me.password)).final.statusCode).toBe(429);
    await s.api('GET', `/api/public/v1/forgot_password/${encodeURIComponent(me.user.email)}`);
    await s.ctx.jobs.drain(JOB.resetMail);
    const mailDir = path.join(s.dataDir, 'mail');
    const mail = fs.readFileSync(path.join(mailDir, fs.readdirSync(mailDir).sort().at(-1)!), 'utf8');
    const token = /reset-password\?token=([\w-]+)/.exec(mail)![1]!;
    expect((await s.api('POST', '/api/public/v1/reset_password', { body: { token, plainPassword: 'a brand new password' } })).statusCode).toBe(200);
    expect((await login(me.username, 'a brand new password')).statusCode).toBe(200);
  });

  it('lets the right password in once the lock has passed, and forgets the failures', async () => {
    const me = await signUp(s);
    await attempts(me.username, 'wrong again');
    await s.ctx.db.update(signInFailures).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(signInFailures.key, throttleKey(me.id, me.username)));
    expect((await login(me.username, me.password)).statusCode).toBe(200);
    expect(await s.ctx.db.select().from(signInFailures).where(eq(signInFailures.key, throttleKey(me.id, me.username)))).toEqual([]);
  });
});
