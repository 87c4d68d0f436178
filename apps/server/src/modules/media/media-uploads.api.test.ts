import fs from 'node:fs';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { MediaType, UPLOADS_PATH, type Media } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { hasGpsTag, jpegWithGps, mp4 } from '../../../test/media';
import { createUpload, listenForTus, patchBytes, tusRequest } from '../../../test/tus';
import { mediaRepository } from './media.repository';
import { canTranscode } from './media.transcoder';

let s: TestServer;
let origin: string;
let me: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
const partialDir = () => path.join(s.dataDir, 'uploads', 'partial');
const partials = () => fs.readdirSync(partialDir());

beforeAll(async () => {
  s = await startTestServer({ MEDIA_MAX_IMAGE_BYTES: String(1024 * 1024) }, { jobs: true });
  ({ origin } = await listenForTus(s));
  [me, other] = await Promise.all([signUp(s), signUp(s)]);
});
afterAll(() => s.close());

const photo = { mediaType: String(MediaType.RatingPhoto), filename: 'IMG_0001.jpg', filetype: 'image/jpeg' };

describe('tus uploads at /api/auth/v1/uploads/ (DESIGN §7 "Large files resume")', () => {
  it('answers OPTIONS with the protocol version, extensions and largest size', async () => {
    const res = await tusRequest(`${origin}${UPLOADS_PATH}`, 'OPTIONS', me.token);
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')).toContain('creation');
    expect(res.headers.get('tus-extension')).toContain('termination');
    expect(Number(res.headers.get('tus-max-size'))).toBe(s.ctx.config.mediaLimits.video);
  });

  it('takes a small photo in one PATCH and answers the Media, cleaned as POST /media cleans it', async () => {
    const jpeg = await jpegWithGps(640, 480);
    expect(hasGpsTag((await sharp(jpeg).metadata()).exif)).toBe(true);
    const { res, url } = await createUpload(origin, me.token, jpeg.length, photo);
    expect(res.status, res.body).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/api\/auth\/v1\/uploads\/[0-9a-f]{32}$/);
    expect(partials()).toHaveLength(2);
    const done = await patchBytes(url, me.token, 0, jpeg);
    expect(done.status, done.body).toBe(200);
    expect(done.headers.get('upload-offset')).toBe(String(jpeg.length));
    expect(done.headers.get('content-type')).toContain('application/ld+json');
    const m = done.json() as unknown as Media;
    expect(m).toMatchObject({
      '@type': 'Media',
      mediaType: MediaType.RatingPhoto,
      fileOriginalName: 'IMG_0001.jpg',
      fileMimeType: 'image/jpeg',
    });
    expect(done.headers.get('content-location')).toBe(m['@id']);
    const row = (await mediaRepository.findById(s.ctx.db, m.id))!;
    expect(row.uploaderId).toBe(me.id);
    expect(row.thumbKey).not.toBeNull();
    const stored = await buffer(await s.ctx.files.get(row.storageKey));
    const meta = await sharp(stored).metadata();
    expect(hasGpsTag(meta.exif)).toBe(false);
    expect(stored.includes(Buffer.from('SpyCam'))).toBe(false);
    // Turned by its EXIF orientation before the tag went, as POST /media does.
    expect([meta.width, meta.height]).toEqual([480, 640]);
    expect(partials()).toEqual([]);
    // The answer may be lost on the way: a HEAD afterwards says all of it arrived and where the Media is.
    const head = await tusRequest(url, 'HEAD', me.token);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(jpeg.length));
    expect(head.headers.get('upload-length')).toBe(String(jpeg.length));
    expect(head.headers.get('content-location')).toBe(m['@id']);
    expect((await tusRequest(url, 'HEAD', other.token)).status).toBe(404);
    expect((await patchBytes(url, me.token, jpeg.length, Buffer.alloc(1))).status).toBe(409);
  });

  it('sends a phone video through the same cleaning and to the transcoder, as POST /media does', async () => {
    const video = mp4({ turned: true, location: '+51.5074-000.1278/' });
    const meta = { mediaType: String(MediaType.RatingVideo), filename: 'clip.mp4', filetype: 'video/mp4' };
    const { url } = await createUpload(origin, me.token, video.length, meta);
    const res = await patchBytes(url, me.token, 0, video);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mediaType: MediaType.RatingVideo, fileDimensions: '1080x1920', duration: 2.5 });
    const row = (await mediaRepository.findById(s.ctx.db, Number(res.json().id)))!;
    // Queued for its web copy when ffmpeg is there (it may have started or finished since), left as sent without it.
    if (canTranscode()) expect(row.transcodeState).not.toBeNull();
    else expect(row.transcodeState).toBeNull();
    await s.ctx.jobs.drain('transcode');
    const stored = await buffer(await s.ctx.files.get((await mediaRepository.findById(s.ctx.db, row.id))!.storageKey));
    expect(stored.includes('+51.5074')).toBe(false);
  });

  it('takes all the bytes with the creation (creation-with-upload) and answers 201 with the Media', async () => {
    const jpeg = await jpegWithGps();
    const { res } = await createUpload(origin, me.token, jpeg.length, photo, { 'content-type': 'application/offset+octet-stream' }, jpeg);
    expect(res.status, res.body).toBe(201);
    expect(res.headers.get('location')).toMatch(/^\/api\/auth\/v1\/uploads\/[0-9a-f]{32}$/);
    expect(res.json()).toMatchObject({ '@type': 'Media', mediaType: MediaType.RatingPhoto });
  });

  it("refuses without a sign-in (401), and an id it does not know or that is another user's (404)", async () => {
    expect((await createUpload(origin, null, 10, photo)).res.status).toBe(401);
    const { url } = await createUpload(origin, me.token, 10, photo);
    for (const method of ['HEAD', 'DELETE']) expect((await tusRequest(url, method, null)).status).toBe(401);
    expect((await patchBytes(url, 'not-a-token', 0, Buffer.alloc(10))).status).toBe(401);
    const unknown = `${origin}${UPLOADS_PATH}${'0'.repeat(32)}`;
    for (const target of [unknown, `${origin}${UPLOADS_PATH}..%2F..%2Fdb`]) {
      expect((await tusRequest(target, 'HEAD', me.token)).status).toBe(404);
      expect((await patchBytes(target, me.token, 0, Buffer.alloc(10))).status).toBe(404);
    }
    const theirs = await patchBytes(url, other.token, 0, Buffer.alloc(10));
    expect(theirs.status).toBe(404);
    expect(theirs.json()['hydra:description']).toBe('Upload not found.');
    expect((await tusRequest(url, 'HEAD', other.token)).status).toBe(404);
    expect((await tusRequest(url, 'DELETE', other.token)).status).toBe(404);
    expect((await tusRequest(url, 'HEAD', me.token)).headers.get('upload-offset')).toBe('0');
    // Its owner may give it up: the partial bytes go at once.
    const before = partials().length;
    expect((await tusRequest(url, 'DELETE', me.token)).status).toBe(204);
    expect(partials()).toHaveLength(before - 2);
    expect((await tusRequest(url, 'HEAD', me.token)).status).toBe(404);
  });

  it('answers 409 to bytes sent at the wrong offset, and keeps the upload as it was', async () => {
    const { url } = await createUpload(origin, me.token, 100, photo);
    expect((await patchBytes(url, me.token, 0, Buffer.alloc(40))).status).toBe(204);
    const wrong = await patchBytes(url, me.token, 10, Buffer.alloc(40));
    expect(wrong.status).toBe(409);
    expect(wrong.headers.get('content-type')).toContain('application/ld+json');
    expect((await tusRequest(url, 'HEAD', me.token)).headers.get('upload-offset')).toBe('40');
  });

  it('refuses a length over the media type limit (413), more bytes than announced (413), bad metadata (400)', async () => {
    const limit = s.ctx.config.mediaLimits.image;
    const big = await createUpload(origin, me.token, limit + 1, photo);
    expect(big.res.status).toBe(413);
    expect(big.res.json()['hydra:description']).toBe('The file is too large: at most 1 MB for this media type.');
    // The same length is fine for a video, whose limit is larger.
    expect((await createUpload(origin, me.token, limit + 1, { ...photo, mediaType: String(MediaType.RatingVideo) })).res.status).toBe(201);
    const { url } = await createUpload(origin, me.token, 10, photo);
    expect((await patchBytes(url, me.token, 0, Buffer.alloc(11))).status).toBe(413);
    expect((await tusRequest(url, 'HEAD', me.token)).headers.get('upload-offset')).toBe('0');

    const bad = async (meta: Record<string, string>, extra: Record<string, string> = {}) =>
      (await createUpload(origin, me.token, 10, meta, extra)).res;
    const missing = await bad({ filetype: 'image/jpeg' });
    expect(missing.status).toBe(400);
    expect((missing.json().violations as { propertyPath: string }[]).map((v) => v.propertyPath).sort()).toEqual(['filename', 'mediaType']);
    expect((await bad({ ...photo, mediaType: '999' })).status).toBe(400);
    expect((await bad({ ...photo, mediaType: '3.4e1' })).status).toBe(400);
    expect((await bad(photo, { 'upload-metadata': 'mediaType !!!' })).status).toBe(400);
    expect((await bad(photo, { 'upload-length': '-1' })).status).toBe(400);
    expect((await bad(photo, { 'upload-length': '0' })).status).toBe(400);
    const deferred = await tusRequest(`${origin}${UPLOADS_PATH}`, 'POST', me.token, {
      'upload-defer-length': '1',
      'upload-metadata': 'mediaType MzQ=',
    });
    expect(deferred.status).toBe(400);
    // A catalogue media type is the platform's, as on POST /media.
    const catalogue = await bad({ ...photo, mediaType: String(MediaType.PredefinedUserAvatar) });
    expect(catalogue.status).toBe(400);
    expect(catalogue.json().violations).toEqual([
      { propertyPath: 'mediaType', message: 'This media type is reserved for the predefined catalogue.' },
    ]);
  });

  it('refuses content that is not of the media type as POST /media does, and removes its bytes', async () => {
    const text = Buffer.from('not a picture at all, just words');
    const { url } = await createUpload(origin, me.token, text.length, photo);
    const before = partials().length;
    const res = await patchBytes(url, me.token, 0, text);
    expect(res.status).toBe(415);
    expect(res.json()['@type']).toBe('hydra:Error');
    expect(partials()).toHaveLength(before - 2);
    expect((await tusRequest(url, 'HEAD', me.token)).status).toBe(404);
  });
});
