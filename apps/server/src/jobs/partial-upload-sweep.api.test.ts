import fs from 'node:fs';
import path from 'node:path';
import { MediaType, UPLOAD_QUOTA_MESSAGES } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { jpegWithGps } from '../../test/media';
import { createUpload, listenForTus, patchBytes, tusRequest } from '../../test/tus';
import { partialUploadSweepJob } from './partial-upload-sweep.job';

let s: TestServer;
let origin: string;
const HOUR = 3600_000;
const MINUTE = 60_000;
/** A tiny idle time, so that the test moves files back minutes, not the hour of the default. */
const IDLE_MINUTES = 5;
const partialDir = () => path.join(s.dataDir, 'uploads', 'partial');
const finishedDir = () => path.join(s.dataDir, 'uploads', 'finished');
const idOf = (url: string) => url.split('/').pop()!;
const photo = { mediaType: String(MediaType.RatingPhoto), filename: 'a.jpg' };

beforeAll(async () => {
  s = await startTestServer({ UPLOADS_IDLE_EXPIRY_MINUTES: String(IDLE_MINUTES) });
  ({ origin } = await listenForTus(s));
  await s.ctx.jobs.start({ schedule: false, pollingIntervalSeconds: 0.5 });
}, 120_000);
afterAll(() => s.close());

/** An upload with some bytes in, its last progress `minutesAgo` before now. */
async function partialUpload(token: string, minutesAgo: number) {
  const { url } = await createUpload(origin, token, 100, photo);
  expect((await patchBytes(url, token, 0, Buffer.alloc(30))).status).toBe(204);
  const when = new Date(Date.now() - minutesAgo * MINUTE);
  for (const f of [idOf(url), `${idOf(url)}.json`]) fs.utimesSync(path.join(partialDir(), f), when, when);
  return url;
}

describe('abandoned resumable uploads (DESIGN §7)', () => {
  it('run every ten minutes', () => {
    expect(partialUploadSweepJob.cron).toBe('*/10 * * * *');
  });

  it('are removed by the job after UPLOADS_IDLE_EXPIRY_MINUTES without progress, bytes and all; those in progress stay', async () => {
    const me = await signUp(s);
    const abandoned = await partialUpload(me.token, IDLE_MINUTES + 1);
    const recent = await partialUpload(me.token, IDLE_MINUTES - 1);
    const done = await createUpload(origin, me.token, (await jpegWithGps()).length, photo);
    expect((await patchBytes(done.url, me.token, 0, await jpegWithGps())).status).toBe(200);
    expect(fs.existsSync(path.join(finishedDir(), `${idOf(done.url)}.json`))).toBe(true);

    const first = await s.ctx.jobs.runNow('partial-upload-sweep');
    expect(first).toMatchObject({ state: 'completed', output: { partial: 1, finished: 0 } });
    expect(fs.readdirSync(partialDir()).sort()).toEqual([idOf(recent), `${idOf(recent)}.json`].sort());
    expect(fs.existsSync(path.join(partialDir(), idOf(abandoned)))).toBe(false);
    expect((await tusRequest(abandoned, 'HEAD', me.token)).status).toBe(404);
    expect((await tusRequest(recent, 'HEAD', me.token)).headers.get('upload-offset')).toBe('30');

    // A day later (the job's `now`), the other one and the record of the finished one (kept a day) go too.
    const later = await s.ctx.jobs.runNow('partial-upload-sweep', { now: new Date(Date.now() + 25 * HOUR).toISOString() });
    expect(later).toMatchObject({ state: 'completed', output: { partial: 1, finished: 1 } });
    expect(fs.readdirSync(partialDir())).toEqual([]);
    expect(fs.readdirSync(finishedDir())).toEqual([]);
  });

  it('are gone all the same before the job comes: 410 on HEAD and PATCH (tus "expiration"), their bytes removed at once', async () => {
    const me = await signUp(s);
    for (const method of ['HEAD', 'PATCH', 'DELETE']) {
      const url = await partialUpload(me.token, IDLE_MINUTES + 1);
      const res = method === 'PATCH' ? await patchBytes(url, me.token, 30, Buffer.alloc(10)) : await tusRequest(url, method, me.token);
      expect(res.status, method).toBe(method === 'DELETE' ? 204 : 410);
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
      if (method === 'PATCH') {
        expect(res.headers.get('content-type')).toContain('application/ld+json');
        expect(res.json()['hydra:description']).toBe(UPLOAD_QUOTA_MESSAGES.expired);
      }
      expect(fs.readdirSync(partialDir()).filter((f) => f.startsWith(idOf(url)))).toEqual([]);
      expect((await tusRequest(url, 'HEAD', me.token)).status).toBe(404);
    }
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
    // The quota is counted from these files alone: nothing else under uploads/ names the user.
    expect(fs.readdirSync(path.join(s.dataDir, 'uploads')).sort()).toEqual(['finished', 'partial']);
    const owners = [partialDir(), finishedDir()].flatMap((dir) =>
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { owner?: number; metadata?: { owner?: string } }),
    );
    expect(owners.map((o) => Number(o.owner ?? o.metadata?.owner))).not.toContain(leaving.id);
  });
});
