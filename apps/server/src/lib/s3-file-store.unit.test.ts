import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presignV4, S3FileStore, signV4 } from './s3-file-store';

// The worked examples of the AWS Signature V4 documentation for S3 (examplebucket, 2013-05-24).
const docCreds = { region: 'us-east-1', accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const date = new Date('2013-05-24T00:00:00Z');

describe('AWS Signature V4', () => {
  it('signs a ranged GET as in the documentation', () => {
    const auth = signV4({
      ...docCreds,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: {
        range: 'bytes=0-9',
        'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        'x-amz-date': '20130524T000000Z',
      },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      date,
    });
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('presigns a GET link as in the documentation', () => {
    const url = presignV4({ ...docCreds, url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), date, expires: 86400 });
    expect(url).toContain('X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404');
    expect(url.startsWith('https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256')).toBe(true);
  });
});

const creds = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret/key', region: 'eu-test-1' };
const objects = new Map<string, Buffer>();
const seen: { method: string; url: string; signedOk: boolean }[] = [];
let server: http.Server;
let store: S3FileStore;

/** A tiny S3 stand-in: checks each request's signature as S3 would, and keeps objects in memory. */
function fakeS3(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    const date = String(req.headers['x-amz-date']);
    const when = new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    const expected = signV4({
      ...creds,
      method: req.method!,
      url,
      headers: { 'x-amz-content-sha256': payloadHash, 'x-amz-date': date },
      payloadHash,
      date: when,
    });
    const signedOk = req.headers.authorization === expected;
    seen.push({ method: req.method!, url: url.pathname, signedOk });
    if (!signedOk) return res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
    const key = url.pathname;
    if (req.method === 'GET' && key === '/media/' && url.searchParams.get('list-type') === '2')
      return res.writeHead(200).end(listPage(url.searchParams.get('continuation-token')));
    if (req.method === 'PUT') {
      objects.set(key, Buffer.concat(chunks));
      return res.writeHead(200).end();
    }
    const body = objects.get(key);
    if (!body) return res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
    if (req.method === 'DELETE') {
      objects.delete(key);
      return res.writeHead(204).end();
    }
    const m = /bytes=(\d+)-(\d+)/.exec(String(req.headers.range ?? ''));
    const part = m ? body.subarray(Number(m[1]), Number(m[2]) + 1) : body;
    res.writeHead(m ? 206 : 200, { 'content-length': part.length });
    res.end(req.method === 'HEAD' ? undefined : part);
  });
}

/** ListObjectsV2 as S3 answers it, two keys a page (so that the client must follow the continuation token). */
function listPage(after: string | null) {
  const esc = (x: string) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const keys = [...objects.keys()].map((k) => decodeURIComponent(k.slice('/media/'.length))).sort();
  const from = after ? keys.indexOf(after) + 1 : 0;
  const page = keys.slice(from, from + 2);
  const more = from + 2 < keys.length;
  const contents = page
    .map((k) => `<Contents><Key>${esc(k)}</Key><LastModified>2026-05-01T10:00:00.000Z</LastModified><Size>1</Size></Contents>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>media</Name>${contents}<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${esc(page.at(-1)!)}</NextContinuationToken>` : ''}</ListBucketResult>`;
}

beforeAll(async () => {
  server = http.createServer(fakeS3);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  store = new S3FileStore({ ...creds, bucket: 'media', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true }, 3600);
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const read = async (s: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe('S3FileStore against an S3-compatible server', () => {
  it('puts, reads (whole and ranged), sizes and removes objects with signed requests', async () => {
    await store.put('image/2026/05/a.jpg', Buffer.from('hello, bucket'), 'image/jpeg');
    expect(objects.get('/media/image/2026/05/a.jpg')?.toString()).toBe('hello, bucket');
    expect((await read(await store.get('image/2026/05/a.jpg'))).toString()).toBe('hello, bucket');
    expect((await read(await store.get('image/2026/05/a.jpg', { start: 7, end: 12 }))).toString()).toBe('bucket');
    expect(await store.size('image/2026/05/a.jpg')).toBe(13);
    await store.remove('image/2026/05/a.jpg');
    expect(await store.size('image/2026/05/a.jpg')).toBeNull();
    await expect(store.get('image/2026/05/a.jpg')).rejects.toThrow(/404 NoSuchKey/);
    expect(seen.every((r) => r.signedOk)).toBe(true);
  });

  it('streams a spooled file with an unsigned payload', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 's3-')), 'video.mp4');
    fs.writeFileSync(file, Buffer.alloc(300_000, 3));
    await store.putFile('video/v.mp4', file, 'video/mp4');
    expect(objects.get('/media/video/v.mp4')?.length).toBe(300_000);
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('lists every key with its last change, page by page, with signed requests (the orphan sweep reads it)', async () => {
    objects.clear();
    for (const k of ['a/1.jpg', 'a/2.jpg', 'b/R&D <1>.pdf', 'c/3.webp', 'c/4.webp']) await store.put(k, Buffer.from('x'));
    const listed: { key: string; modified: Date }[] = [];
    for await (const f of store.list()) listed.push(f);
    expect(listed.map((f) => f.key)).toEqual(['a/1.jpg', 'a/2.jpg', 'b/R&D <1>.pdf', 'c/3.webp', 'c/4.webp']);
    expect(listed[0]!.modified.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(seen.every((r) => r.signedOk)).toBe(true);
  });

  it('gives presigned links that stay the same within the hour', () => {
    const a = store.publicUrl('image/x.png');
    expect(a).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/media\/image\/x\.png\?X-Amz-Algorithm=AWS4-HMAC-SHA256&.*X-Amz-Expires=7200&.*X-Amz-Signature=[0-9a-f]{64}$/,
    );
    expect(store.publicUrl('image/x.png')).toBe(a);
  });
});
