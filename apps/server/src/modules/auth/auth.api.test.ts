import fs from 'node:fs';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { passwordResets } from '../../db/schema';
import { JOB } from '../../lib/job-names';

let s: TestServer;
beforeAll(async () => {
  // The reset mail is a job: the queue runs here, and a failed mail is tried again after a second.
  s = await startTestServer({}, { jobs: { tune: { [JOB.resetMail]: { retryDelaySeconds: 1 } } } });
});
afterAll(() => s.close());

describe('login_check', () => {
  it('answers a token pair whose JWT carries userid, username, roles, iat and a 15-minute exp', async () => {
    const u = await signUp(s);
    const claims = decodeJwt(u.token);
    expect(claims).toMatchObject({ userid: u.id, username: u.username, roles: ['ROLE_USER'] });
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    expect(u.refresh).toMatch(/^[\w-]{40,}$/);
  });

  it('accepts the e-mail address in place of the username', async () => {
    const u = await signUp(s);
    const res = await s.api('POST', '/api/public/v1/login_check', { body: { username: u.user.email, password: u.password } });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', { password: 'not the password' }],
    ['an unknown user', { username: 'nobody-at-all', password: 'whatever123' }],
    ['a missing password', { password: undefined }],
  ])('answers 401 Invalid credentials for %s', async (_label, patch) => {
    const u = await signUp(s);
    const body: Record<string, unknown> = { username: u.username, password: u.password };
    Object.assign(body, patch);
    const res = await s.api('POST', '/api/public/v1/login_check', { body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 401, message: 'Invalid credentials.' });
  });

  it('answers 400 for a body that is not JSON and 415 for an unsupported content type', async () => {
    const bad = await s.app.inject({
      method: 'POST',
      url: '/api/public/v1/login_check',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()['@type']).toBe('hydra:Error');
    expect(bad.body).not.toMatch(/at .*\.ts/);
    const xml = await s.app.inject({
      method: 'POST',
      url: '/api/public/v1/login_check',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });
});

describe('token_refresh', () => {
  it('rotates the refresh token, and a reused one revokes every token of that login', async () => {
    const u = await signUp(s);
    const first = await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: u.refresh } });
    expect(first.statusCode).toBe(200);
    const pair = first.json() as { token: string; refresh_token: string };
    expect(pair.refresh_token).not.toBe(u.refresh);
    expect(decodeJwt(pair.token).userid).toBe(u.id);

    const reuse = await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: u.refresh } });
    expect(reuse.statusCode).toBe(401);
    // The reuse revoked the family: the newest token no longer works either.
    const after = await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: pair.refresh_token } });
    expect(after.statusCode).toBe(401);
  });

  it('leaves other logins of the same user alone', async () => {
    const u = await signUp(s);
    const other = (await s.api('POST', '/api/public/v1/login_check', { body: { username: u.username, password: u.password } })).json() as {
      refresh_token: string;
    };
    await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: u.refresh } });
    await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: u.refresh } });
    expect((await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: other.refresh_token } })).statusCode).toBe(200);
  });

  it('answers 400 with a violation when refresh_token is missing', async () => {
    const res = await s.api('POST', '/api/public/v1/token_refresh', { body: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0].propertyPath).toBe('refresh_token');
  });
});

describe('logout', () => {
  it('revokes the refresh token of the cookie, clears both cookies and redirects to sign-in', async () => {
    const u = await signUp(s);
    const res = await s.app.inject({ method: 'GET', url: '/logout', cookies: { REFRESH_TOKEN: u.refresh, BEARER: u.token } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/web/sign-in/');
    const cleared = res.cookies.map((c) => c.name).sort();
    expect(cleared).toEqual(['BEARER', 'REFRESH_TOKEN']);
    expect(res.cookies.every((c) => c.path === '/' && c.value === '')).toBe(true);
    expect((await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: u.refresh } })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const mailDir = () => path.join(s.dataDir, 'mail');
  const mails = () => (fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()).sort() : []);
  const lastMail = async () => {
    await s.ctx.jobs.drain(JOB.resetMail);
    const files = mails();
    return fs.readFileSync(path.join(mailDir(), files.at(-1)!), 'utf8');
  };

  it('answers the same whether or not the address exists', async () => {
    const u = await signUp(s);
    const known = await s.api('GET', `/api/public/v1/forgot_password/${encodeURIComponent(`${u.username}@example.org`)}`);
    const unknown = await s.api('GET', '/api/public/v1/forgot_password/nobody%40example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
  });

  it('mails a link in the user language whose token sets a new password once and ends old logins', async () => {
    const u = await signUp(s, { preferredLanguage: 'es' });
    await s.api('GET', `/api/public/v1/forgot_password/${encodeURIComponent(`${u.username}@example.org`)}`);
    const mail = await lastMail();
    expect(mail).toContain('Restablece tu contraseña');
    const token = /reset-password\?token=([\w-]+)/.exec(mail)![1]!;

    const short = await s.api('POST', '/api/public/v1/reset_password', { body: { token, plainPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    const ok = await s.api('POST', '/api/public/v1/reset_password', { body: { token, plainPassword: 'a brand new password' } });
    expect(ok.statusCode).toBe(200);
    const again = await s.api('POST', '/api/public/v1/reset_password', { body: { token, plainPassword: 'another new password' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().violations[0].propertyPath).toBe('token');

    expect((await s.api('POST', '/api/public/v1/login_check', { body: { username: u.username, password: u.password } })).statusCode).toBe(
      401,
    );
    expect(
      (await s.api('POST', '/api/public/v1/login_check', { body: { username: u.username, password: 'a brand new password' } })).statusCode,
    ).toBe(200);
    expect((await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: u.refresh } })).statusCode).toBe(401);
  });

  it('queues the mail as a job holding the user id only, which makes the token and sends one mail', async () => {
    const u = await signUp(s);
    const before = mails().length;
    await s.api('GET', `/api/public/v1/forgot_password/${encodeURIComponent(u.user.email)}`);
    const mail = await lastMail();
    expect(mails().length).toBe(before + 1);
    const token = /reset-password\?token=([\w-]+)/.exec(mail)![1]!;
    const { rows } = (await s.ctx.jobs.queue
      .getDb()
      .executeSql('select data::text as data from pgboss.job where name = $1', [JOB.resetMail])) as {
      rows: { data: string }[];
    };
    expect(rows.map((r) => JSON.parse(r.data))).toContainEqual({ userId: u.id });
    for (const r of rows) {
      expect(r.data).not.toContain(token);
      expect(r.data).not.toContain(u.user.email);
    }
  });

  it('tries a failed mail again with a new token, and the token of the mail never sent is spent', async () => {
    const u = await signUp(s);
    const send = s.ctx.mailer.send;
    let calls = 0;
    s.ctx.mailer.send = async (m) => {
      if (calls++ === 0) throw new Error('SMTP unreachable');
      return send.call(s.ctx.mailer, m);
    };
    try {
      await s.api('GET', `/api/public/v1/forgot_password/${encodeURIComponent(u.user.email)}`);
      const mail = await lastMail();
      expect(calls).toBe(2);
      expect(mail).toContain(`To: ${u.user.email}`);
    } finally {
      s.ctx.mailer.send = send;
    }
    const resets = await s.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
    expect(resets.map((r) => r.usedAt === null).sort()).toEqual([false, true]);
  });

  it('answers 400 for a malformed address', async () => {
    expect((await s.api('GET', '/api/public/v1/forgot_password/not-an-address')).statusCode).toBe(400);
  });
});

describe('authentication of /api/auth/v1', () => {
  it('answers 401 without a token, with a forged token and with an expired token', async () => {
    expect((await s.api('GET', '/api/auth/v1/user/1')).statusCode).toBe(401);
    expect((await s.api('GET', '/api/auth/v1/user/1', { token: 'abc.def.ghi' })).statusCode).toBe(401);
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({ userid: 1, username: 'x', roles: [] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(new TextEncoder().encode(fs.readFileSync(path.join(s.dataDir, 'keys', 'jwt-secret'), 'utf8')));
    const res = await s.api('GET', '/api/auth/v1/user/1', { token: expired });
    expect(res.statusCode).toBe(401);
    expect(res.json()['@type']).toBe('hydra:Error');
  });
});
