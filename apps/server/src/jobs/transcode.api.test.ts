import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startTestServer, TEST_JOBS, type TestServer } from '../../test/harness';
import { upload } from '../../test/media';
import { media } from '../db/schema';
import { ffmpegPath, runFfmpeg } from '../lib/ffmpeg';
import { storedKeys } from '../lib/thumb-variants';
import { transcodeMedia } from '../modules/media/media.transcoder';
import { JobRunner, type JobRunnerOptions } from './job-runner';
import { directAttempt } from './leased-worker';
import { JOB } from '../lib/job-names';
import { transcodeJob, transcodeSweepJob } from './transcode.job';

let s: TestServer;
let token: string;
let clip: Buffer;
const runners: JobRunner[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-takeover-'));
// A lease of 2 s renewed twice a second: a silent holder is found within seconds instead of 30 s.
const SHORT: JobRunnerOptions = {
  ...TEST_JOBS,
  tune: { [JOB.transcode]: { lease: { seconds: 2, beatSeconds: 0.5 }, retryDelaySeconds: 1 } },
};

beforeAll(async () => {
  // The app's own queue is not started: every run below is on a runner the test made and stops.
  s = await startTestServer();
  token = (await signUp(s)).token;
  const file = path.join(tmp, 'v.webm');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=10:duration=1', '-c:v', 'libvpx', file]);
  clip = fs.readFileSync(file);
});
afterAll(async () => {
  for (const r of runners) await r.stop(1000);
  await s.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function runner(opts: JobRunnerOptions & { work?: boolean } = {}) {
  const r = new JobRunner(s.ctx.database, { ...s.ctx }, [transcodeJob, transcodeSweepJob]);
  runners.push(r);
  await r.start({ schedule: false, ...SHORT, ...opts });
  return r;
}

async function pendingVideo() {
  const res = await upload(s, token, MediaType.RatingVideo, { filename: 'clip.webm', type: 'video/webm', content: clip });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const row = async (id: number) => (await s.ctx.db.select().from(media).where(eq(media.id, id)))[0]!;

/** Every file of the store made from this upload (its random stem), beside what the row points at. */
async function filesOf(id: number, stem: string) {
  const root = path.join(s.dataDir, 'media');
  const all = fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((f) => f.includes(stem) && fs.statSync(path.join(root, f)).isFile());
  const r = await row(id);
  return { stored: all.sort(), row: storedKeys(r).sort(), state: r.transcodeState, mime: r.mimeType };
}

const stemOf = async (id: number) => path.basename((await row(id)).storageKey).split('.')[0]!;

describe.skipIf(!ffmpegPath())(`transcoding on pg-boss (${dbKind})`, () => {
  it('takes over a job whose instance died mid-transcode within a minute, and transcodes once', async () => {
    const id = await pendingVideo();
    const stem = await stemOf(id);
    // The dead instance: it fetched the job (active) and claimed the row ('running'), then stopped beating.
    const dead = await runner({ work: false });
    const jobId = (await dead.send(JOB.transcode, { mediaId: id }))!;
    const [held] = await dead.queue.fetch(JOB.transcode);
    expect(held!.id).toBe(jobId);
    await s.ctx.db.update(media).set({ transcodeState: 'running' }).where(eq(media.id, id));
    const started = Date.now();
    const living = await runner();
    const outcome = await living.waitFor(JOB.transcode, jobId);
    const tookMs = Date.now() - started;
    expect(outcome).toMatchObject({ state: 'completed', retryCount: 1, output: { mediaId: id, result: 'transcoded' } });
    expect(tookMs).toBeLessThan(60_000);
    const files = await filesOf(id, stem);
    expect(files).toMatchObject({ state: null, mime: 'video/mp4' });
    expect(files.stored).toEqual(files.row);
    // The dead worker's late answer changes nothing. (pg-boss answers the count, though its types say void.)
    expect(((await dead.queue.complete(JOB.transcode, jobId)) as unknown as { affected: number }).affected).toBe(0);
    console.info(`takeover of a dead instance's transcode (${dbKind}): ${tookMs} ms`);
  });

  it('never completes twice: two runners racing one media, then a job delivered again after it is done', async () => {
    const id = await pendingVideo();
    const stem = await stemOf(id);
    const [a, b] = await Promise.all([runner(), runner()]);
    const ids = await Promise.all([a.send(JOB.transcode, { mediaId: id }), b.send(JOB.transcode, { mediaId: id })]);
    const outcomes = await Promise.all(ids.map((j) => a.waitFor(JOB.transcode, j!)));
    expect(outcomes.map((o) => (o.output as { result: string }).result).sort()).toEqual(['nothing to do', 'transcoded']);
    const done = await filesOf(id, stem);
    expect(done.stored).toEqual(done.row);
    const again = await b.runNow(JOB.transcode, { mediaId: id });
    expect(again.output).toEqual({ mediaId: id, result: 'nothing to do' });
    expect(await filesOf(id, stem)).toEqual(done);
  });

  it('swaps the files once when a stale holder and the attempt that took over both finish', async () => {
    const id = await pendingVideo();
    const stem = await stemOf(id);
    const deps = { db: s.ctx.db, files: s.ctx.files, log: s.ctx.log, tmpDir: path.join(tmp, 'work') };
    // Both as retries: each may take over a 'running' row, so both run to the swap.
    const attempt = () => ({ retryCount: 1, retryLimit: 3, signal: new AbortController().signal });
    const results = await Promise.all([transcodeMedia(deps, id, attempt()), transcodeMedia(deps, id, attempt())]);
    expect(results.map((r) => r.result).sort()).toEqual(['another run swapped first', 'transcoded']);
    const files = await filesOf(id, stem);
    expect(files.state).toBeNull();
    expect(files.stored).toEqual(files.row);
  });

  it('sweeps media no job will transcode: a lost send is sent again, a row left running by a job that gave up fails', async () => {
    // No worker of the earlier tests may take what this one sends.
    for (const earlier of runners.splice(0)) await earlier.stop(1000);
    const [lost, abandoned, queued] = [await pendingVideo(), await pendingVideo(), await pendingVideo()];
    await s.ctx.db.update(media).set({ transcodeState: 'running' }).where(eq(media.id, abandoned));
    const r = await runner({ work: false });
    // `queued` still has its job waiting: the sweep leaves it alone.
    await r.send(JOB.transcode, { mediaId: queued });
    const later = new Date(Date.now() + 11 * 60_000).toISOString();
    const out = await transcodeSweepJob.run({ ...s.ctx, send: r.send.bind(r) }, {}, new Date(later), directAttempt());
    expect(out).toEqual({ resent: 1, failed: 1 });
    expect((await row(abandoned)).transcodeState).toBe('failed');
    const waiting = (await r.queue.fetch(JOB.transcode, { batchSize: 50 })).map((j) => (j.data as { mediaId: number }).mediaId);
    expect(waiting.sort()).toEqual([lost, queued].sort());
  });
});
