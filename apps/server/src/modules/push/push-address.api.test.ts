import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushTokens } from '../../db/schema';
import { API } from '../../../test/classes';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
beforeAll(async () => {
  // The rules of a real server: no PUSH_ALLOW_HTTP.
  s = await startTestServer();
});
afterAll(() => s.close());

const subscription = (endpoint: string) => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return JSON.stringify({
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  });
};

describe('POST /firebase-token: push endpoints only on public https addresses (DESIGN §6)', () => {
  it('refuses, with a violation on token and nothing stored, endpoints inside the network in any spelling', async () => {
    const u = await signUp(s);
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.0.0.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:a9fe:a9fe]',
      '169.254.169.254',
      '10.0.0.8',
      '192.168.1.20',
      '100.64.0.1',
      '[fe80::1]',
      '[fd00::1]',
      'localhost',
      'metadata.internal',
    ]) {
      const res = await s.api('POST', `${API}/firebase-token`, {
        token: u.token,
        body: { token: subscription(`https://${host}/wpush/v2/abc`) },
      });
      expect(res.statusCode, host).toBe(400);
      expect(res.json().violations).toEqual([{ propertyPath: 'token', message: expect.stringMatching(/public internet address/) }]);
    }
    expect(await s.ctx.db.select().from(pushTokens).where(eq(pushTokens.userId, u.id))).toEqual([]);
  });

  it('refuses plain http, and takes a public address', async () => {
    const u = await signUp(s);
    const http = await s.api('POST', `${API}/firebase-token`, { token: u.token, body: { token: subscription('http://142.250.1.95/x') } });
    expect(http.statusCode).toBe(400);
    const ok = await s.api('POST', `${API}/firebase-token`, {
      token: u.token,
      body: { token: subscription('https://142.250.1.95/wpush/v2/abc') },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
