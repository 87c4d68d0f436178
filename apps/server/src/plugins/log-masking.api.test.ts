import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MediaType, type Rating } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiWorld, bodies, callsOf, concrete, fresh, type ApiWorld } from '../../test/api-world';
import { API } from '../../test/classes';
import { dbKind, logCollector, signUp, startTestServer, type TestServer } from '../../test/harness';
import { JOB } from '../lib/job-names';
import { fetchBare, tamperedSignature, upload } from '../../test/media';

let s: TestServer;
let w: ApiWorld;
const logs = logCollector();
beforeAll(async () => {
  // With the job queue: the reset mail is a job, and what jobs log is checked too.
  s = await startTestServer({ LOG_LEVEL: 'trace' }, { logStream: logs.stream, jobs: true });
  w = await apiWorld(s);
});
afterAll(() => s.close());

/** Every value of the run that must never reach a log line: passwords, tokens, codes, signatures, e-mail addresses. */
const secrets = new Set<string>();
const keep = (...values: (string | null | undefined)[]) => {
  for (const v of values) if (v && v.length >= 4) secrets.add(v);
};
const queryOf = (url: string) => new URL(url, 'http://x').searchParams;

describe(`logs at trace level carry no secret and no e-mail address (DESIGN §6, ${dbKind})`, () => {
  it('over every route of the API document and the flows that carry secrets', async () => {
    for (const u of [w.creator, w.coteacher, w.evaluator, w.linked, w.stranger])
      keep(u.token, u.refresh, u.password, u.user.email, encodeURIComponent(u.user.email));
    keep(w.cls.invitationCode, w.first.invitationCode, w.second.invitationCode);

    // Sign-up, sign-in, refresh: passwords and both tokens.
    const fresh1 = await signUp(s);
    keep(fresh1.token, fresh1.refresh, fresh1.password, fresh1.user.email);
    const signIn = (
      await s.api('POST', '/api/public/v1/login_check', { body: { username: fresh1.username, password: fresh1.password } })
    ).json();
    const refreshed = (await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: signIn.refresh_token } })).json();
    keep(signIn.token, signIn.refresh_token, refreshed.token, refreshed.refresh_token);
    // A failed sign-in with a password that is somebody else's.
    await s.api('POST', '/api/public/v1/login_check', { body: { username: fresh1.user.email, password: `${fresh1.password}-wrong` } });
    keep(`${fresh1.password}-wrong`);

    // Forgot and reset password: the address in the path, the token in the mailed link and in the body.
    expect((await s.api('GET', `/api/public/v1/forgot_password/${encodeURIComponent(fresh1.user.email)}`)).statusCode).toBeLessThan(300);
    await s.ctx.jobs.drain(JOB.resetMail);
    const mailDir = path.join(s.dataDir, 'mail');
    const mail = fs.readFileSync(path.join(mailDir, fs.readdirSync(mailDir).sort().pop()!), 'utf8');
    const resetToken = /reset-password\?token=([\w-]+)/.exec(mail)![1]!;
    keep(resetToken, /https?:\/\/\S+reset-password\S+/.exec(mail)![0]);
    const newPassword = 'a brand new horse battery';
    keep(newPassword);
    expect(
      (await s.api('POST', '/api/public/v1/reset_password', { body: { token: resetToken, plainPassword: newPassword } })).statusCode,
    ).toBeLessThan(300);

    // Class and student codes: in bodies, in query strings (both spellings), in a failed attempt.
    const joiner = await signUp(s);
    keep(joiner.token, joiner.refresh, joiner.password, joiner.user.email);
    await s.api('POST', `${API}/teaching-class-teacher-invitation`, {
      token: joiner.token,
      body: { invitationCode: w.cls.invitationCode },
    });
    await s.api('POST', `${API}/student-profile-user-invitation`, {
      token: joiner.token,
      body: { invitationCode: w.first.invitationCode },
    });
    await s.api('GET', `${API}/teaching-classes?invitationCode=${w.cls.invitationCode}`, { token: joiner.token });
    await s.api('GET', `${API}/teaching-class-students?invitation_code=${w.first.invitationCode}`, { token: joiner.token });
    await s.api('GET', `${API}/teaching-class-students?invitationCode[]=${w.second.invitationCode}`, { token: joiner.token });

    // Media links: a signature and its expiry, fetched bare and with a range.
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#3d405b' } })
      .png()
      .toBuffer();
    const m = (await upload(s, w.creator.token, MediaType.RatingPhoto, { filename: 'p.png', type: 'image/png', content: png })).json();
    const rating = (await s.api('GET', `${API}/rating/${w.ids.rating}`, { token: w.linked.token })).json() as Rating;
    for (const url of [m.url, m.thumbUrl, rating.medias[0]!.media.url]) {
      keep(queryOf(url).get('sig'));
      // The world's own photo is a row without a stored file (404): its link is logged all the same.
      expect((await fetchBare(s, url, { range: 'bytes=0-3' })).statusCode).toBeLessThan(500);
    }
    // A tampered link, refused and logged as a 403.
    await fetchBare(s, tamperedSignature(m.url));
    // Bearer credentials as a cookie and as a header on a media fetch.
    await fetchBare(s, `/media/${m.id}`, { cookie: `BEARER=${w.creator.token}` });

    // Every route of the API document, with the world's sample values, as the conformance tests call them.
    const doc = (await s.api('GET', '/api/docs.json')).json();
    const calls = callsOf(doc, w).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    for (const call of calls) {
      const key = `${call.method} ${call.path}`;
      const resource = /\/([a-z-]+)\/\{id\}$/.exec(call.path)?.[1];
      const url =
        call.method === 'DELETE' && resource ? concrete(call.path, w, fresh[resource] ? await fresh[resource](s, w) : 999999) : call.url;
      const body = ['POST', 'PUT', 'PATCH'].includes(call.method) ? await bodies[key]?.(s, w) : undefined;
      if (body && typeof body === 'object') {
        const b = body as Record<string, unknown>;
        keep(b.plainPassword as string, b.password as string, b.email as string, b.refresh_token as string, b.token as string);
      }
      const res = await s.app.inject({
        method: call.method as 'GET',
        url,
        headers: {
          accept: 'application/ld+json',
          'content-type': 'application/ld+json',
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
        },
        payload: body === undefined ? '' : JSON.stringify(body),
      });
      expect(res.statusCode, `${key}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      // Whatever an answer hands out (a new user's address, new tokens, a new code) is a secret of the run too.
      const text = res.body;
      for (const found of text.matchAll(/"(?:token|refresh_token|invitationCode|email)":"([^"]+)"/g)) keep(found[1]);
      for (const found of text.matchAll(/[?&]sig=([\w-]+)/g)) keep(found[1]);
    }

    const lines = logs.text();
    // The run was logged in full: every request, at trace level, with its URL.
    expect(logs.lines.length).toBeGreaterThan(calls.length);
    expect(lines).toContain('/forgot_password/[redacted]');
    expect(lines).toContain('sig=[redacted]');
    expect(lines).toContain('mail written to the data folder');
    const leaked = [...secrets].filter((v) => lines.includes(v) || lines.includes(JSON.stringify(v).slice(1, -1)));
    expect(leaked).toEqual([]);
    expect(lines).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(lines).not.toMatch(/eyJ[\w-]{10,}\.[\w-]{10,}/);
    expect(secrets.size).toBeGreaterThan(30);
  });
});
