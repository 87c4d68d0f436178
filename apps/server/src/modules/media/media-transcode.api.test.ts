import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MediaType, thumbVariantUrl, type Media } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, probe, runFfmpeg } from '../../lib/ffmpeg';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { keysOf } from '../../../test/erasure';
import { upload } from '../../../test/media';
import { transcodeArgs } from './media.transcoder';

let s: TestServer;
let user: Awaited<ReturnType<typeof signUp>>;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-clips-'));
const hasFfmpeg = ffmpegPath() !== null;

/** A tiny clip made by ffmpeg itself, as a phone or a browser's MediaRecorder would send it. */
async function clip(name: string, args: string[]) {
  const file = path.join(tmp, name);
  await runFfmpeg([...args, file]);
  return fs.readFileSync(file);
}

beforeAll(async () => {
  s = await startTestServer({}, { jobs: true });
  user = await signUp(s);
});
afterAll(async () => {
  await s.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const read = async (id: number) => (await s.api('GET', `/api/auth/v1/media/${id}`, { token: user.token })).json() as Media;
const served = async (m: Media) => {
  const file = path.join(tmp, `served-${m.id}`);
  const res = await s.app.inject({ method: 'GET', url: m.url });
  expect(res.statusCode).toBe(200);
  fs.writeFileSync(file, res.rawPayload);
  return { res, found: await probe(file) };
};

describe('transcoding', () => {
  it('chooses to copy what browsers play already and to encode the rest', () => {
    expect(transcodeArgs('video', { container: 'mov,mp4,m4a,3gp,3g2,mj2', video: 'h264', audio: 'aac' }, 'in', 'out')).toContain('copy');
    expect(transcodeArgs('video', { container: 'matroska,webm', video: 'vp8', audio: 'opus' }, 'in', 'out')).toEqual(expect.arrayContaining(['libx264', 'aac']));
    expect(transcodeArgs('audio', { container: 'matroska,webm', video: null, audio: 'opus' }, 'in', 'out')).toEqual(expect.arrayContaining(['aac', '-vn']));
  });

  it.skipIf(!hasFfmpeg)('turns a WebM video into H.264/AAC MP4 with a poster frame and its duration, off the request path', async () => {
    const webm = await clip('v.webm', ['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=10:duration=1.2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.2', '-c:v', 'libvpx', '-c:a', 'libopus', '-shortest']);
    const res = await upload(s, user.token, MediaType.RatingVideo, { filename: 'clip.webm', type: 'video/webm', content: webm });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileMimeType: 'video/webm', processing: true });
    await s.ctx.jobs.drain('transcode');
    const m = await read(res.json().id);
    expect(m).toMatchObject({ fileMimeType: 'video/mp4', fileDimensions: '96x64', fileOriginalName: 'clip.webm' });
    expect(m.processing).toBeUndefined();
    expect(m.duration).toBeGreaterThan(1);
    expect(m.duration).toBeLessThan(1.5);
    expect(m.thumbUrl).toBeTruthy();
    const { found, res: file } = await served(m);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(found).toMatchObject({ video: 'h264', audio: 'aac' });
    expect(found.container).toContain('mp4');
    const poster = await s.app.inject({ method: 'GET', url: m.thumbUrl! });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
    // The poster's 2x variant is made with it and stored beside it (keysOf fails on a key not in the store).
    expect(await keysOf(s, m.id)).toContainEqual(expect.stringMatching(/^thumb\/.*@2x\.webp$/));
    const poster2x = await s.app.inject({ method: 'GET', url: thumbVariantUrl(m.thumbUrl!, '2x') });
    expect([poster2x.statusCode, poster2x.headers.etag]).toEqual([200, `"t${m.id}-2x"`]);
    // The original left the store.
    expect(fs.readdirSync(path.join(s.dataDir, 'media', 'video'), { recursive: true }).filter((f) => String(f).endsWith('.webm'))).toEqual([]);
  });

  it.skipIf(!hasFfmpeg)('turns a recorded WebM/Opus audio (MediaRecorder) into AAC audio with its duration', async () => {
    const webm = await clip('a.webm', ['-f', 'lavfi', '-i', 'sine=frequency=330:duration=0.8', '-c:a', 'libopus']);
    const res = await upload(s, user.token, MediaType.RatingAudio, { filename: 'voice.webm', type: 'audio/webm', content: webm });
    expect(res.statusCode, res.body).toBe(201);
    await s.ctx.jobs.drain('transcode');
    const m = await read(res.json().id);
    expect(m).toMatchObject({ fileMimeType: 'audio/mp4', fileDimensions: null });
    expect(m.duration).toBeGreaterThan(0.7);
    expect((await served(m)).found).toMatchObject({ video: null, audio: 'aac' });
  });

  it.skipIf(!hasFfmpeg)('keeps an upload that ffmpeg cannot read, marked failed, and serves it as it came', async () => {
    // A WebM header with nothing playable after it: sniffed as video, refused by the decoder.
    const webm = await clip('broken.webm', ['-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=5:duration=0.4', '-c:v', 'libvpx']);
    const broken = Buffer.concat([webm.subarray(0, 200), Buffer.alloc(400, 7)]);
    const res = await upload(s, user.token, MediaType.RatingVideo, { filename: 'broken.webm', type: 'video/webm', content: broken });
    if (res.statusCode !== 201) return expect(res.statusCode).toBe(400);
    await s.ctx.jobs.drain('transcode');
    const m = await read(res.json().id);
    expect(m.fileMimeType).toBe('video/webm');
    expect(m.processing).toBeUndefined();
  });
});
