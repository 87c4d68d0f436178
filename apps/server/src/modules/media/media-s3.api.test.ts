import { count } from 'drizzle-orm';
import { MediaType, type Media, type Rating } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { API, classWithRoles } from '../../../test/classes';
import { logCollector, signUp, startTestServer, type TestServer } from '../../../test/harness';
import { fetchBare, jpegWithGps, opaqueBytes, tamperedSignature, upload, wav } from '../../../test/media';
import { classSkills, rate, seedSkills } from '../../../test/ratings';
import { s3Env, startS3FaultProxy, startS3rver, type S3rverHandle } from '../../../test/s3rver';

const MB = 1024 * 1024;
let s3: S3rverHandle;
let proxy: Awaited<ReturnType<typeof startS3FaultProxy>>;
let s: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
const logs = logCollector();

beforeAll(async () => {
  s3 = await startS3rver();
  // The server reaches the store through a proxy that the fault tests turn against it.
  proxy = await startS3FaultProxy(s3.endpoint);
  s = await startTestServer({ ...s3Env(s3, proxy.endpoint), LOG_LEVEL: 'warn' }, { logStream: logs.stream, jobs: true });
  await seedSkills(s);
  owner = await signUp(s);
});
afterAll(async () => {
  await s.close();
  await proxy.close();
  await s3.stop();
});

const keysInStore = async () => {
  const keys: string[] = [];
  for await (const f of s.ctx.files.list()) keys.push(f.key);
  return keys.sort();
};
const mediaRows = async () => (await s.ctx.db.select({ n: count() }).from(media))[0]!.n;
/** What the store holds and the database names, to show that a failed upload left neither behind. */
const state = async () => ({ keys: await keysInStore(), rows: await mediaRows() });
const photo = async () => ({ filename: 'p.jpg', type: 'image/jpeg', content: await jpegWithGps() });
const bigFile = (bytes: number) => ({ filename: 'big.bin', type: 'application/octet-stream', content: opaqueBytes(bytes) });

describe('media kept in S3 (s3rver)', () => {
  it('an upload lands in the bucket with its thumbnail; url serves it through us, s3_url redirects to a presigned link', async () => {
    const before = await keysInStore();
    const res = await upload(s, owner.token, MediaType.RatingPhoto, await photo());
    expect(res.statusCode).toBe(201);
    const m = res.json() as Media;
    const added = (await keysInStore()).filter((k) => !before.includes(k));
    // The picture, its thumbnail and the thumbnail's 2x copy.
    expect(added).toEqual([
      expect.stringMatching(/^image\/\d{4}\/\d{2}\/[\w-]+\.jpg$/),
      expect.stringMatching(/^thumb\/.*[^x]\.webp$/),
      expect.stringMatching(/^thumb\/.*@2x\.webp$/),
    ]);

    const served = await fetchBare(s, m.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBe(m.fileSize);
    expect((await fetchBare(s, m.thumbUrl!)).headers['content-type']).toBe('image/webp');

    expect(m.s3_url).toMatch(new RegExp(`^/media/${m.id}/s3\\?exp=\\d+&sig=[\\w-]+&u=${owner.id}$`));
    const redirect = await fetchBare(s, m.s3_url!);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers['cache-control']).toBe('private, no-store');
    const link = redirect.headers.location as string;
    expect(link.startsWith(`${proxy.endpoint}/${s3.bucket}/${added[0]}?`)).toBe(true);
    const direct = await fetch(link);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/jpeg');
    expect(direct.headers.get('content-disposition')).toBe(`inline; filename="p.jpg"; filename*=UTF-8''p.jpg`);
    expect(Buffer.from(await direct.arrayBuffer()).equals(served.rawPayload)).toBe(true);
    // Unsigned, altered or another file's signature: refused before any link is made.
    expect((await fetchBare(s, `/media/${m.id}/s3`)).statusCode).toBe(401);
    expect((await fetchBare(s, tamperedSignature(m.s3_url!))).statusCode).toBe(403);
  });

  it('a large file goes up as a multipart upload and is read back by ranges, as a video player seeks', async () => {
    const file = bigFile(12 * MB);
    const seen = proxy.seen.length;
    const res = await upload(s, owner.token, MediaType.RatingFile, file);
    // Should it fail, the answer and the server's logged reason say why (a CI log shows little more than the status).
    expect(res.statusCode, `${res.body}\n${logs.text()}`).toBe(201);
    const m = res.json() as Media;
    const sent = proxy.seen.slice(seen);
    expect(sent.filter((l) => /^POST \/media\/file\/.*\?uploads/.test(l))).toHaveLength(1);
    // 8 MB parts: two of them.
    expect(sent.filter((l) => /^PUT \/media\/file\/.*partNumber=\d/.test(l))).toHaveLength(2);

    const at = 8 * MB - 50;
    const part = await fetchBare(s, m.url, { range: `bytes=${at}-${at + 99}` });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${at}-${at + 99}/${12 * MB}`);
    expect(part.rawPayload.equals(file.content.subarray(at, at + 100))).toBe(true);
    const tail = await fetchBare(s, m.url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(file.content.subarray(-10))).toBe(true);
  });

  it('audio is transcoded from and back to the bucket, and its served copy read by ranges', async () => {
    const recording = { filename: 'a.wav', type: 'audio/wav', content: wav(0.5) };
    const m = (await upload(s, owner.token, MediaType.RatingAudio, recording)).json() as Media;
    await s.ctx.jobs.drain('transcode');
    const now = (await s.api('GET', `${API}/media/${m.id}`, { token: owner.token })).json() as Media;
    const whole = await fetchBare(s, now.url);
    expect(whole.statusCode).toBe(200);
    const part = await fetchBare(s, now.url, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
  });

  it("deleting a rating deletes its photo's files from the bucket, and its s3_url stops working", async () => {
    const w = await classWithRoles(s);
    const before = await keysInStore();
    const m = (await upload(s, w.creator.token, MediaType.RatingPhoto, await photo())).json() as Media;
    const added = (await keysInStore()).filter((k) => !before.includes(k));
    expect(added).toHaveLength(3);
    const action = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
    const r = await rate(s, w.creator, w.cls.id, action, { students: [w.first['@id']], medias: [m.id] });
    const parents = ((await s.api('GET', `${API}/rating/${r.id}`, { token: w.linked.token })).json() as Rating).medias[0]!.media;
    expect((await fetchBare(s, parents.s3_url!)).statusCode).toBe(302);

    expect((await s.api('DELETE', `${API}/rating/${r.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect(await keysInStore()).toEqual(before);
    expect([403, 404]).toContain((await fetchBare(s, parents.s3_url!)).statusCode);
  });
});

describe('a failing store: 503, nothing half-written', () => {
  it('a store answering 500: the upload answers 503 (Hydra, Retry-After), no media row and no object remain', async () => {
    const before = await state();
    proxy.set('fail');
    const res = await upload(s, owner.token, MediaType.RatingPhoto, await photo());
    proxy.set('pass');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ '@type': 'hydra:Error', status: 503 });
    expect(await state()).toEqual(before);
  });

  it('a multipart upload whose second part fails: 503, the upload aborted, no row and no object', async () => {
    const before = await state();
    proxy.set((method, url) => (method === 'PUT' && url.includes('partNumber=2') ? 'fail' : 'pass'));
    const seen = proxy.seen.length;
    const res = await upload(s, owner.token, MediaType.RatingFile, bigFile(9 * MB));
    proxy.set('pass');
    expect(res.statusCode).toBe(503);
    expect(proxy.seen.slice(seen).some((l) => /^DELETE \/media\/file\/.*uploadId=.*AbortMultipartUpload/.test(l))).toBe(true);
    expect(await state()).toEqual(before);
  });

  it('reading from a failing store answers 503, not 404 or 500', async () => {
    const m = (await upload(s, owner.token, MediaType.RatingPhoto, await photo())).json() as Media;
    proxy.set('fail');
    const res = await fetchBare(s, m.url);
    const link = await fetchBare(s, m.s3_url!);
    proxy.set('pass');
    expect(res.statusCode).toBe(503);
    // Presigning needs no answer from the store: the link is made all the same.
    expect(link.statusCode).toBe(302);
  });

  it('a store that is not there (connection refused): 503, logged as the file store, not as a database outage', async () => {
    const before = await state();
    await proxy.close();
    const res = await upload(s, owner.token, MediaType.RatingPhoto, await photo());
    expect(res.statusCode).toBe(503);
    expect(await mediaRows()).toBe(before.rows);
    const lines = logs.lines.map((l) => String(l.msg));
    expect(lines).toContain('file store unavailable');
    expect(lines).not.toContain('database unavailable');
    expect(logs.text()).not.toContain(s3.secretAccessKey);
  });
});
