import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { MediaType, type Media } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { opaqueBytes } from '../../../test/media';
import { createUpload, listenForTus, patchBytes, patchCutAfter, patchHeld, tusRequest } from '../../../test/tus';
import { mediaRepository } from './media.repository';

let s: TestServer;
let origin: string;
let bytesReceived: () => number;
let me: Awaited<ReturnType<typeof signUp>>;
const MB = 1024 * 1024;
const partials = () => fs.readdirSync(path.join(s.dataDir, 'uploads', 'partial'));

beforeAll(async () => {
  s = await startTestServer({ UPLOADS_PER_USER: '1' });
  ({ origin, bytesReceived } = await listenForTus(s));
  me = await signUp(s);
});
afterAll(() => s.close());

const offsetOf = async (url: string) => Number((await tusRequest(url, 'HEAD', me.token)).headers.get('upload-offset'));
const doc = { mediaType: String(MediaType.RatingFile), filename: 'lesson-notes.bin', filetype: 'application/octet-stream' };

describe('a large upload resumes where it stopped (DESIGN §7 "Large files resume")', () => {
  it('takes 12 MB in three PATCHes, a HEAD in between telling where to go on; nothing arrives twice', async () => {
    const file = opaqueBytes(12 * MB);
    const start = bytesReceived();
    const { res, url } = await createUpload(origin, me.token, file.length, doc);
    expect(res.status).toBe(201);
    expect((await patchBytes(url, me.token, 0, file.subarray(0, 4 * MB))).status).toBe(204);
    expect(await offsetOf(url)).toBe(4 * MB);
    expect((await patchBytes(url, me.token, 4 * MB, file.subarray(4 * MB, 8 * MB))).status).toBe(204);
    // The connection is back: the client asks where it stands, and sends only the rest.
    expect(await offsetOf(url)).toBe(8 * MB);
    const last = await patchBytes(url, me.token, 8 * MB, file.subarray(8 * MB));
    expect(last.status, last.body).toBe(200);
    const received = bytesReceived() - start;
    // The file once, and the request lines and headers of five requests (a few hundred bytes each).
    expect(received).toBeGreaterThanOrEqual(file.length);
    expect(received).toBeLessThan(file.length + 8 * 1024);
    const m = last.json() as unknown as Media;
    expect(m).toMatchObject({ mediaType: MediaType.RatingFile, fileSize: file.length, fileOriginalName: 'lesson-notes.bin' });
    const row = (await mediaRepository.findById(s.ctx.db, m.id))!;
    const stored = await buffer(await s.ctx.files.get(row.storageKey));
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(crypto.createHash('sha256').update(file).digest('hex'));
    expect(partials()).toEqual([]);
  });

  it('keeps what arrived before the connection dropped mid-PATCH, and the client sends only what is missing', async () => {
    const file = opaqueBytes(12 * MB);
    const start = bytesReceived();
    const { url } = await createUpload(origin, me.token, file.length, doc);
    expect((await patchBytes(url, me.token, 0, file.subarray(0, 4 * MB))).status).toBe(204);
    // The second piece is cut after about 2.5 MB of its 4.
    await patchCutAfter(url, me.token, 4 * MB, file.subarray(4 * MB, 8 * MB), 2.5 * MB);
    let offset = 0;
    for (let i = 0; i < 50 && offset <= 4 * MB; i++) {
      await new Promise((r) => setTimeout(r, 50));
      offset = await offsetOf(url);
    }
    expect(offset).toBeGreaterThan(4 * MB);
    expect(offset).toBeLessThanOrEqual(6.5 * MB);
    for (let at = offset; at < file.length; at = Math.min(at + 4 * MB, file.length)) {
      const res = await patchBytes(url, me.token, at, file.subarray(at, Math.min(at + 4 * MB, file.length)));
      expect([204, 200]).toContain(res.status);
      if (res.status === 200) expect(res.json()).toMatchObject({ fileSize: file.length });
    }
    const received = bytesReceived() - start;
    // Whatever the server read of the cut piece it kept (at most the socket's buffers are lost): never the first 4 MB again.
    expect(received).toBeLessThan(file.length + 2.5 * MB - (offset - 4 * MB) + 64 * 1024);
    expect(received).toBeLessThan(file.length + MB);
    expect(partials()).toEqual([]);
  });

  it('lets one user send at most UPLOADS_PER_USER uploads at a time (429), as POST /media', async () => {
    const file = opaqueBytes(2 * MB);
    const a = await createUpload(origin, me.token, file.length, doc);
    const b = await createUpload(origin, me.token, file.length, doc);
    // A PATCH whose body is still coming holds the one slot of this server (UPLOADS_PER_USER=1).
    const held = patchHeld(a.url, me.token, 0, file, MB);
    // Watched on disk: a HEAD would take the upload's lock, which makes the library end the PATCH holding it.
    const bytesOfA = () => fs.statSync(path.join(s.dataDir, 'uploads', 'partial', a.url.split('/').pop()!)).size;
    for (let i = 0; i < 100 && bytesOfA() === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(bytesOfA()).toBeGreaterThan(0);
    const busy = await patchBytes(b.url, me.token, 0, file);
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('2');
    await held.cut();
    // The slot is given back when the cut request ends; the other upload then goes through.
    let res = busy;
    for (let i = 0; i < 50 && res.status === 429; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await patchBytes(b.url, me.token, 0, file);
    }
    expect(res.status).toBe(200);
  });
});
