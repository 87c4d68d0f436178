import { beforeAll, describe, expect, it } from 'vitest';
import { dbKind } from '../../../test/harness';
import { API, withClassRoles, type TestUser } from '../../../test/classes';
import { pushRepository } from './push.repository';

/** GET /firebase-token/{id}: a push token record for its owner only; to anyone else it does not exist (404). */
const t = withClassRoles();
let tokenId: number;
beforeAll(async () => {
  // Stored as POST /firebase-token stores a browser's subscription (push.api.test.ts covers that route).
  const token = JSON.stringify({ endpoint: 'https://push.example/abc', keys: { p256dh: 'k', auth: 'a' } });
  tokenId = (await pushRepository.upsert(t.s.ctx.db, t.w.linked.id, token, 'https://push.example/abc')).row.id;
});

const read = (u: TestUser | null, id = tokenId) => t.s.api('GET', `${API}/firebase-token/${id}`, { token: u?.token });

describe(`GET /firebase-token/{id} (${dbKind})`, () => {
  it('answers its owner the record', async () => {
    const res = await read(t.w.linked);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      '@id': `${API}/firebase-token/${tokenId}`,
      '@type': 'FirebaseToken',
      id: tokenId,
      user: `${API}/user/${t.w.linked.id}`,
      errorCount: 0,
      messageCount: 0,
    });
    expect(JSON.parse(res.json().token).endpoint).toBe('https://push.example/abc');
  });

  it.each(['creator', 'coteacher', 'evaluator', 'stranger'] as const)('answers the %s 404, as for a token that never was', async (role) => {
    const res = await read(t.w[role]);
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe((await read(t.w[role], 999_999)).body);
  });

  it('answers anonymous callers 401, and a bad id 404 or 400 as other items do', async () => {
    expect((await read(null)).statusCode).toBe(401);
    expect((await t.s.api('GET', `${API}/firebase-token/abc`, { token: t.w.linked.token })).statusCode).toBe(
      (await t.s.api('GET', `${API}/teaching-class/abc`, { token: t.w.linked.token })).statusCode,
    );
  });
});
