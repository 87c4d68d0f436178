import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_IMPORT_LIMITS } from '@skillroom/contract';
import { signUp, startTestServer, until, type TestServer } from '../../test/harness';
import { API, createClass, type TestUser } from '../../test/classes';
import { multipart } from '../../test/media';
import { IMPORT, importFile } from '../../test/roster';
import { startTwin, TEST_REDIS_URL, testKeyPrefix, testRedis } from '../../test/redis';
import { HEAVY_WORK_MESSAGES, heavyWorkOf } from './heavy-work';

/** A hostile roster: a header, then a line of a megabyte of commas (a second or two of CSV parsing, in the worker). */
const commas = Buffer.from(`Name\n${','.repeat(ROSTER_IMPORT_LIMITS.maxBytes / 2)}\nAna\n`);
const EXPORT_BUSY = 'An export of yours is still being prepared or sent: please wait for it to finish.';

const heavyOf = (s: TestServer, app: FastifyInstance = s.app) => heavyWorkOf(app, { config: s.ctx.config, redis: s.ctx.redis });
const ok = (status: number) => status < 500 && status !== 429;

describe('heavy work: one job per user, HEAVY_JOBS_PER_INSTANCE per instance (429 with Retry-After)', () => {
  let s: TestServer;
  let t: TestUser;
  let classId: number;
  beforeAll(async () => {
    s = await startTestServer({ HEAVY_JOBS_PER_INSTANCE: '2' });
    t = await signUp(s);
    classId = (await createClass(s, t)).id;
  });
  afterAll(() => s.close());

  it("refuses a user's second import, letters or export while one runs, another's past the instance cap; frees on completion", async () => {
    const heavy = heavyOf(s);
    const [u, v] = [await signUp(s), await signUp(s)];
    const uClass = (await createClass(s, u)).id;
    const first = importFile(s, t.token, classId, commas, { dryRun: true });
    await until(() => heavy.stats().running === 1);
    expect(heavy.stats().running).toBe(1);

    const again = await importFile(s, t.token, classId, Buffer.from('Name\nAna\n'), { dryRun: true });
    expect([again.statusCode, again.headers['retry-after'], again.json().detail]).toEqual([429, '5', HEAVY_WORK_MESSAGES.user]);
    const letters = await s.api('GET', `${API}/family-letters/class/${classId}`, { token: t.token });
    expect([letters.statusCode, letters.headers['retry-after']]).toEqual([429, '5']);
    const exported = await s.api('GET', `${API}/export/class/${classId}`, { token: t.token });
    expect([exported.statusCode, exported.headers['retry-after'], exported.json().detail]).toEqual([429, '5', EXPORT_BUSY]);

    // Another user has a slot of their own; with it the instance holds its two, and a third user waits.
    const second = importFile(s, u.token, uClass, commas, { dryRun: true });
    await until(() => heavy.stats().running === 2);
    const vClass = (await createClass(s, v)).id;
    const third = await importFile(s, v.token, vClass, Buffer.from('Name\nAna\n'), { dryRun: true });
    expect([third.statusCode, third.headers['retry-after'], third.json().detail]).toEqual([429, '5', HEAVY_WORK_MESSAGES.instance]);

    expect(ok((await first).statusCode)).toBe(true);
    expect(ok((await second).statusCode)).toBe(true);
    expect(heavy.stats().running).toBe(0);
    const after = await importFile(s, t.token, classId, Buffer.from('Name\nAna\n'), { dryRun: true });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('stops the work and frees the slot at once when the client goes away', async () => {
    const heavy = heavyOf(s);
    const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { payload, contentType } = multipart([
      { teachingClass: String(classId), dryRun: 'true' },
      { field: 'file', filename: 'class.csv', type: 'text/csv', content: commas },
    ]);
    const req = http.request({
      host: '127.0.0.1',
      port: Number(port),
      method: 'POST',
      path: IMPORT,
      headers: { 'content-type': contentType, authorization: `Bearer ${t.token}`, 'content-length': payload.length },
    });
    req.on('error', () => {});
    req.end(payload);
    await until(() => heavy.stats().running === 1 && heavy.stats().threads === 1);
    expect(heavy.stats()).toMatchObject({ running: 1, threads: 1 });
    req.destroy();
    // The slot is given back and the worker thread running the parse is ended (not left to finish it).
    await until(() => heavy.stats().running === 0 && heavy.stats().threads === 0);
    expect(heavy.stats()).toMatchObject({ running: 0, threads: 0 });
    const next = await importFile(s, t.token, classId, Buffer.from('Name\nAna\n'), { dryRun: true });
    expect(next.statusCode, next.body).toBe(200);
    expect((s.app.server.address() as AddressInfo).port).toBe(Number(port));
  });
});

describe('heavy work: the per-user cap holds across instances sharing Redis', () => {
  const prefix = testKeyPrefix();
  let redis: Awaited<ReturnType<typeof testRedis>>;
  let a: TestServer;
  let b: FastifyInstance;
  beforeAll(async () => {
    redis = await testRedis(prefix);
    a = await startTestServer({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix });
    b = await startTwin(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.close();
  });

  it("answers 429 on one instance while the user's job runs on the other, and frees it when done", async () => {
    const t = await signUp(a);
    const classId = (await createClass(a, t)).id;
    const first = importFile(a, t.token, classId, commas, { dryRun: true });
    await until(() => heavyOf(a).stats().running === 1);
    const onB = await importFile({ ...a, app: b }, t.token, classId, Buffer.from('Name\nAna\n'), { dryRun: true });
    expect([onB.statusCode, onB.headers['retry-after']]).toEqual([429, '5']);
    expect(ok((await first).statusCode)).toBe(true);
    const after = await importFile({ ...a, app: b }, t.token, classId, Buffer.from('Name\nAna\n'), { dryRun: true });
    expect(after.statusCode, after.body).toBe(200);
  });
});
