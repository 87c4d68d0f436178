import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3FaultProxy, startS3rver, type S3rverHandle } from '../../test/s3rver';
import { FileStoreUnavailable } from './file-store';
import { S3FileStore, type S3Tuning } from './s3-file-store';

const MB = 1024 * 1024;
let s3: S3rverHandle;
let proxy: Awaited<ReturnType<typeof startS3FaultProxy>>;
let store: S3FileStore;
let tmp: string;

const read = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const storeAt = (endpoint: string, tuning: Partial<S3Tuning> = {}) =>
  new S3FileStore({ ...s3, endpoint, forcePathStyle: true }, 3600, { partBytes: 5 * MB, ...tuning });
/** A file of random bytes, so that a part out of place or lost shows. */
const randomFile = (name: string, bytes: number) => {
  const p = path.join(tmp, name);
  const data = crypto.randomBytes(bytes);
  fs.writeFileSync(p, data);
  return { path: p, data };
};
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Error & { code?: string },
  );

beforeAll(async () => {
  s3 = await startS3rver();
  proxy = await startS3FaultProxy(s3.endpoint);
  store = storeAt(proxy.endpoint);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-s3-test-'));
});
afterAll(async () => {
  await proxy.close();
  await s3.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('S3FileStore (AWS SDK v3) against s3rver', () => {
  it('stores a small buffer and reads it whole and by ranges', async () => {
    const data = Buffer.from('0123456789abcdef');
    await store.put('image/2026/11/a b+é.txt', data, 'text/plain');
    expect((await read(await store.get('image/2026/11/a b+é.txt'))).toString()).toBe('0123456789abcdef');
    expect((await read(await store.get('image/2026/11/a b+é.txt', { start: 3, end: 6 }))).toString()).toBe('3456');
    expect((await read(await store.get('image/2026/11/a b+é.txt', { start: 15, end: 15 }))).toString()).toBe('f');
    expect(await store.size('image/2026/11/a b+é.txt')).toBe(16);
  });

  it('sends a file smaller than a part in one PUT', async () => {
    const f = randomFile('small.bin', 300_000);
    const before = proxy.seen.length;
    await store.putFile('file/small.bin', f.path, 'application/octet-stream');
    const sent = proxy.seen.slice(before);
    expect(sent).toEqual(['PUT /media/file/small.bin?x-id=PutObject']);
    expect((await read(await store.get('file/small.bin'))).equals(f.data)).toBe(true);
  });

  it('sends a large file as a multipart upload of 5 MB parts, and reads any range of it back', async () => {
    const f = randomFile('large.bin', 12 * MB + 123);
    const before = proxy.seen.length;
    await store.putFile('video/large.mp4', f.path, 'video/mp4');
    const sent = proxy.seen.slice(before);
    expect(sent.filter((l) => l.startsWith('POST /media/video/large.mp4?uploads'))).toHaveLength(1);
    expect(sent.filter((l) => /^PUT \/media\/video\/large\.mp4\?.*partNumber=\d/.test(l))).toHaveLength(3);
    expect(sent.filter((l) => /^POST \/media\/video\/large\.mp4\?uploadId=/.test(l))).toHaveLength(1);
    expect(await store.size('video/large.mp4')).toBe(f.data.length);
    expect((await read(await store.get('video/large.mp4'))).equals(f.data)).toBe(true);
    // A seek across the first part boundary, and the very end: what a video player asks for.
    const across = { start: 5 * MB - 10, end: 5 * MB + 9 };
    expect((await read(await store.get('video/large.mp4', across))).equals(f.data.subarray(across.start, across.end + 1))).toBe(true);
    const end = f.data.length - 1;
    expect((await read(await store.get('video/large.mp4', { start: end - 99, end }))).equals(f.data.subarray(end - 99))).toBe(true);
    // 12 MB through s3rver's disk and back: about 1.5 s on a quiet machine, past the unit tests' 5 s on a busy one.
  }, 20_000);

  it('gives presigned links that open with a plain GET, with the type and name asked for', async () => {
    await store.put('file/report.pdf', Buffer.from('%PDF-1.4 test'), 'application/pdf');
    const served = { mime: 'application/octet-stream', disposition: `attachment; filename="report.pdf"` };
    const link = (await store.linkFor('file/report.pdf', served))!;
    expect(link).toContain('X-Amz-Signature=');
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('%PDF-1.4 test');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="report.pdf"');
    // (s3rver does not check Signature V4, so the signature itself is the SDK's to get right.)
    expect(new URL(link).searchParams.get('X-Amz-Date')).toMatch(/^\d{8}T\d{4}00Z$/);
  });

  it('presigns for S3_PRESIGN_TTL_SECONDS (and the minute it is dated back), the same link within a minute', async () => {
    const short = new S3FileStore({ ...s3, forcePathStyle: true }, 300);
    const at = async (iso: string) => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
      try {
        return new URL((await short.linkFor('file/report.pdf'))!).searchParams;
      } finally {
        vi.useRealTimers();
      }
    };
    const first = await at('2026-11-28T10:17:02.500Z');
    // A reader who lost access keeps a link handed out for at most 5 minutes and one more, never hours.
    expect([first.get('X-Amz-Date'), first.get('X-Amz-Expires')]).toEqual(['20261128T101700Z', String(300 + 60)]);
    const later = await at('2026-11-28T10:17:59.900Z');
    expect(later.get('X-Amz-Signature')).toBe(first.get('X-Amz-Signature'));
    const next = await at('2026-11-28T10:18:00.000Z');
    expect(next.get('X-Amz-Date')).toBe('20261128T101800Z');
  });

  it('lists every key with its date, and deletes: a removed file is missing (ENOENT), its size null', async () => {
    await store.put('thumb/x.webp', Buffer.from('w'), 'image/webp');
    const listed = [];
    for await (const f of store.list()) listed.push(f);
    expect(listed.map((f) => f.key)).toEqual(expect.arrayContaining(['thumb/x.webp', 'file/small.bin', 'video/large.mp4']));
    expect(listed.every((f) => f.modified.getTime() > Date.now() - 3_600_000)).toBe(true);
    await store.remove('thumb/x.webp');
    expect((await errorOf(store.get('thumb/x.webp')))?.code).toBe('ENOENT');
    expect(await store.size('thumb/x.webp')).toBeNull();
    // Removing what is not there is no error, as on disk.
    await store.remove('thumb/x.webp');
  });
});

describe('S3FileStore faults: unavailable, never half-written', () => {
  it('a store answering 500 is retried three times, then unavailable; nothing is stored', async () => {
    proxy.set('fail');
    const before = proxy.seen.length;
    const err = await errorOf(store.put('image/fail.jpg', Buffer.from('x'), 'image/jpeg'));
    proxy.set('pass');
    expect(err).toBeInstanceOf(FileStoreUnavailable);
    expect(err!.message).toBe('S3 PutObject failed: InternalError (HTTP 500)');
    expect(proxy.seen.slice(before)).toHaveLength(3);
    expect(await store.size('image/fail.jpg')).toBeNull();
  });

  it('a multipart upload whose part fails is aborted (AbortMultipartUpload sent), and no object appears', async () => {
    const f = randomFile('broken.bin', 11 * MB);
    proxy.set((method, url) => (method === 'PUT' && url.includes('partNumber=2') ? 'fail' : 'pass'));
    const before = proxy.seen.length;
    const err = await errorOf(store.putFile('video/broken.mp4', f.path, 'video/mp4'));
    proxy.set('pass');
    expect(err).toBeInstanceOf(FileStoreUnavailable);
    const sent = proxy.seen.slice(before);
    const uploadId = /uploadId=([^&]+)/.exec(sent.find((l) => l.includes('partNumber=1'))!)![1];
    expect(sent).toContain(`DELETE /media/video/broken.mp4?uploadId=${uploadId}&x-id=AbortMultipartUpload`);
    expect(sent.some((l) => l.startsWith('POST /media/video/broken.mp4?uploadId='))).toBe(false);
    expect(await store.size('video/broken.mp4')).toBeNull();
  });

  it('a store that accepts but never answers times out: unavailable after the tries, not hanging', async () => {
    const quick = storeAt(proxy.endpoint, { idleMs: 300, answerMs: 400, maxAttempts: 2 });
    proxy.set('hang');
    const t = performance.now();
    const err = await errorOf(quick.put('image/hang.jpg', Buffer.from('x'), 'image/jpeg'));
    proxy.set('pass');
    expect(err).toBeInstanceOf(FileStoreUnavailable);
    expect(err!.message).toMatch(/TimeoutError/);
    expect(performance.now() - t).toBeLessThan(5_000);
  });

  it('a store that is not running (connection refused) is unavailable, on reads as on writes', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const gone = storeAt(`http://127.0.0.1:${port}`, { maxAttempts: 2 });
    expect(await errorOf(gone.put('image/x.jpg', Buffer.from('x')))).toBeInstanceOf(FileStoreUnavailable);
    expect(await errorOf(gone.get('image/x.jpg'))).toBeInstanceOf(FileStoreUnavailable);
    expect(await errorOf(gone.size('image/x.jpg'))).toBeInstanceOf(FileStoreUnavailable);
  });
});
