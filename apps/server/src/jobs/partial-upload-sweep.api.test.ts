import fs from 'node:fs';
import path from 'node:path';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { jpegWithGps } from '../../test/media';
import { createUpload, listenForTus, patchBytes, tusRequest } from '../../test/tus';

let s: TestServer;
let origin: string;
const HOUR = 3600_000;
const partialDir = () => path.join(s.dataDir, 'uploads', 'partial');
const finishedDir = () => path.join(s.dataDir, 'uploads', 'finished');
const idOf = (url: string) => url.split('/').pop()!;
const photo = { mediaType: String(MediaType.RatingPhoto), filename: 'a.jpg' };

beforeAll(async () => {
  s = await startTestServer();
  ({ origin } = await listenForTus(s));
  await s.ctx.jobs.start({ schedule: false, pollingIntervalSeconds: 0.5 });
}, 120_000);
afterAll(() => s.close());

/** An upload with some bytes in, its last progress `hoursAgo` before now. */
async function partialUpload(token: string, hoursAgo: number) {
  const { url } = await createUpload(origin, token, 100, photo);
  expect((await patchBytes(url, token, 0, Buffer.alloc(30))).status).toBe(204);
  const when = new Date(Date.now() - hoursAgo * HOUR);
  for (const f of [idOf(url), `${idOf(url)}.json`]) fs.utimesSync(path.join(partialDir(), f), when, when);
  return url;
}

describe('abandoned resumable uploads (DESIGN §7)', () => {
  it('are removed by the hourly job after 24 h without progress; those in progress stay', async () => {
    const me = await signUp(s);
    const abandoned = await partialUpload(me.token, 25);
    const recent = await partialUpload(me.token, 23);
    const done = await createUpload(origin, me.token, (await jpegWithGps()).length, photo);
    expect((await patchBytes(done.url, me.token, 0, await jpegWithGps())).status).toBe(200);
    expect(fs.existsSync(path.join(finishedDir(), `${idOf(done.url)}.json`))).toBe(true);

    const first = await s.ctx.jobs.runNow('partial-upload-sweep');
    expect(first).toMatchObject({ state: 'completed', output: { partial: 1, finished: 0 } });
    expect(fs.readdirSync(partialDir()).sort()).toEqual([idOf(recent), `${idOf(recent)}.json`].sort());
    expect((await tusRequest(abandoned, 'HEAD', me.token)).status).toBe(404);
    expect((await tusRequest(recent, 'HEAD', me.token)).headers.get('upload-offset')).toBe('30');

    // A day later (the job's `now`), the other one and the record of the finished one go too.
    const later = await s.ctx.jobs.runNow('partial-upload-sweep', { now: new Date(Date.now() + 25 * HOUR).toISOString() });
    expect(later).toMatchObject({ state: 'completed', output: { partial: 1, finished: 1 } });
    expect(fs.readdirSync(partialDir())).toEqual([]);
    expect(fs.readdirSync(finishedDir())).toEqual([]);
  });

  it("go with their owner's account, and another user's stay", async () => {
    const [leaving, staying] = await Promise.all([signUp(s), signUp(s)]);
    const mine = await partialUpload(leaving.token, 0);
    const done = await createUpload(origin, leaving.token, (await jpegWithGps()).length, photo);
    expect((await patchBytes(done.url, leaving.token, 0, await jpegWithGps())).status).toBe(200);
    const theirs = await partialUpload(staying.token, 0);
    const res = await s.api('DELETE', `/api/auth/v1/user/${leaving.id}`, {
      token: leaving.token,
      body: { currentPassword: leaving.password },
    });
    expect(res.statusCode, res.body).toBe(204);
    const left = fs.readdirSync(partialDir());
    expect(left).not.toContain(idOf(mine));
    expect(left).not.toContain(`${idOf(mine)}.json`);
    expect(left).toContain(idOf(theirs));
    expect(fs.readdirSync(finishedDir())).not.toContain(`${idOf(done.url)}.json`);
    expect((await tusRequest(theirs, 'HEAD', staying.token)).headers.get('upload-offset')).toBe('30');
  });
});
