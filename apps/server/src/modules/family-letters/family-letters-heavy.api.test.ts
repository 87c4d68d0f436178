import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, until, type TestServer } from '../../../test/harness';
import { API, createClass, type TestUser } from '../../../test/classes';
import { importText } from '../../../test/roster';
import { heavyWorkOf } from '../../lib/heavy-work';

// The letters' PDF is drawn in the instance's worker pool (lib/heavy-work.ts), not on the request thread, and a client
// that goes away stops the drawing.
let s: TestServer;
let t: TestUser;
let classId: number;
const STUDENTS = 300;
beforeAll(async () => {
  s = await startTestServer();
  t = await signUp(s);
  classId = (await createClass(s, t)).id;
  const names = Array.from({ length: STUDENTS }, (_, i) => `Student${i} Family${i}`).join('\n');
  const res = await importText(s, t.token, classId, names);
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => s.close());

const heavy = () => heavyWorkOf(s.app, { config: s.ctx.config, redis: s.ctx.redis });

describe('GET /family-letters/class/{id}: heavy work', () => {
  it('draws the PDF of a large class in a worker thread, and answers it whole', async () => {
    const before = heavy().stats().completed;
    const res = await s.api('GET', `${API}/family-letters/class/${classId}`, { token: t.token });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString()).toMatch(/%%EOF/);
    expect(heavy().stats().completed).toBe(before + 1);
  });

  it('stops drawing and frees the slot when the client goes away', async () => {
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const req = http.get(`${address}${API}/family-letters/class/${classId}`, { headers: { authorization: `Bearer ${t.token}` } });
    req.on('error', () => {});
    await until(() => heavy().stats().running === 1 && heavy().stats().threads === 1);
    expect(heavy().stats()).toMatchObject({ running: 1, threads: 1 });
    req.destroy();
    await until(() => heavy().stats().running === 0 && heavy().stats().threads === 0);
    expect(heavy().stats()).toMatchObject({ running: 0, threads: 0 });
  });
});
