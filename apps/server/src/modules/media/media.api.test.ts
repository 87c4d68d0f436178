import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { fetchBare, hasGpsTag, jpegWithGps, mp4, multipart, upload, wav } from '../../../test/media';

let s: TestServer;
let me: Awaited<ReturnType<typeof signUp>>;
const API = '/api/auth/v1';
// Small limits for files and audio, so that the 413 paths need only kilobytes.
const FILE_LIMIT = 64 * 1024;
const AUDIO_LIMIT = 128 * 1024;

beforeAll(async () => {
  s = await startTestServer({ MEDIA_MAX_FILE_BYTES: String(FILE_LIMIT), MEDIA_MAX_AUDIO_BYTES: String(AUDIO_LIMIT) });
  me = await signUp(s);
});
afterAll(() => s.close());

/** Every file under a folder of the data directory, to show that nothing is left behind. */
const filesUnder = (dir: string): string[] => {
  const root = path.join(s.dataDir, dir);
  return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()) : [];
};

describe('POST /media: images', () => {
  it('strips EXIF (GPS, camera) from a phone JPEG, applies its orientation, records the size and makes a thumbnail', async () => {
    const original = await jpegWithGps(64, 48);
    const before = await sharp(original).metadata();
    expect(hasGpsTag(before.exif)).toBe(true);
    expect(original.includes('SpyCam')).toBe(true);

    const res = await upload(s, me.token, MediaType.RatingPhoto, { filename: 'IMG_0001.JPG', type: 'image/jpeg', content: original });
    expect(res.statusCode).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({ '@type': 'Media', '@id': `${API}/media/${m.id}`, mediaType: 34, fileMimeType: 'image/jpeg', fileOriginalName: 'IMG_0001.JPG', fileDimensions: '48x64', duration: null, s3_url: null });
    expect(m.fileName).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(m.url).toMatch(new RegExp(`^/media/${m.id}\\?exp=\\d+&sig=`));
    // On disk there is no store link to redirect to, even with a valid signature.
    expect((await fetchBare(s, s.ctx.urlSigner.sign(`/media/${m.id}/s3`, Date.now(), me.id))).statusCode).toBe(404);

    const served = await fetchBare(s, m.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(served.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(hasGpsTag(served.rawPayload)).toBe(false);
    expect(served.rawPayload.includes('SpyCam')).toBe(false);
    expect([after.width, after.height, after.orientation ?? 1]).toEqual([48, 64, 1]);
    // Nothing stored keeps the metadata either, not only what is served.
    for (const f of filesUnder('media')) expect(fs.readFileSync(path.join(s.dataDir, 'media', f)).includes('SpyCam')).toBe(false);

    const thumb = await fetchBare(s, m.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const t = await sharp(thumb.rawPayload).metadata();
    expect([t.format, t.exif]).toEqual(['webp', undefined]);
  });

  it('bounds thumbnails to 320 px and, with encode=1, the image itself to 2560 px', async () => {
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#ffd23f' } }).png().toBuffer();
    const res = await upload(s, me.token, MediaType.UserAvatar, { filename: 'wide.png', type: 'image/png', content: big }, { encode: '1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileMimeType: 'image/png', fileDimensions: '2560x853' });
    const t = await sharp((await fetchBare(s, res.json().thumbUrl)).rawPayload).metadata();
    expect([t.width, t.height]).toEqual([320, 107]);
  });

  it('takes uploads far larger than the 1 MB limit of JSON bodies', async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 900 * 900 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(s, me.token, MediaType.RatingPhoto, { filename: 'noise.png', type: 'image/png', content: noise });
    expect(res.statusCode).toBe(201);
    expect(res.json().fileDimensions).toBe('900x900');
  });

  it.each([
    ['a text file', 'notes.jpg', 'image/jpeg', Buffer.from('just some words, not a picture at all\n'.repeat(20))],
    ['an SVG drawing (it could carry script)', 'logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an audio file', 'song.png', 'image/png', wav(0.1)],
  ])('answers 415 for %s posted as an image, whatever the client claims, and keeps nothing', async (_label, filename, type, content) => {
    const before = filesUnder('media').length;
    const res = await upload(s, me.token, MediaType.RatingPhoto, { filename, type, content });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ '@type': 'hydra:Error', 'hydra:description': expect.stringMatching(/not accepted/) });
    expect(filesUnder('media').length).toBe(before);
    expect(filesUnder('tmp/uploads')).toEqual([]);
  });

  it('answers 400 for a file that looks like a JPEG but is broken', async () => {
    const broken = Buffer.concat([(await jpegWithGps()).subarray(0, 200), Buffer.alloc(200)]);
    const res = await upload(s, me.token, MediaType.RatingPhoto, { filename: 'broken.jpg', type: 'image/jpeg', content: broken });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([{ propertyPath: 'mediaFile', message: 'This file is not a valid image.' }]);
  });
});

describe('POST /media: audio, video and files', () => {
  it('records the duration of a WAV recording and serves it as audio', async () => {
    const res = await upload(s, me.token, MediaType.RatingAudio, { filename: 'voice.wav', type: 'audio/x-wav', content: wav(1.5) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileMimeType: 'audio/wav', duration: 1.5, fileDimensions: null, thumbUrl: null });
    const served = await fetchBare(s, res.json().url);
    expect(served.headers['content-type']).toBe('audio/wav');
    expect(served.rawPayload.equals(wav(1.5))).toBe(true);
  });

  it('records the size and length of a phone video and wipes where it was shot', async () => {
    const res = await upload(s, me.token, MediaType.RatingVideo, { filename: 'clip.mp4', type: 'video/mp4', content: mp4({ turned: true, location: '+51.5074-000.1278/' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileMimeType: 'video/mp4', fileDimensions: '1080x1920', duration: 2.5, thumbUrl: null });
    const served = await fetchBare(s, res.json().url);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(served.rawPayload.includes('+51.5074')).toBe(false);
    const ranged = await fetchBare(s, res.json().url, { range: 'bytes=0-99' });
    expect([ranged.statusCode, ranged.rawPayload.length]).toEqual([206, 100]);
  });

  it('answers 415 for a picture posted as audio or video', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toBuffer();
    for (const t of [MediaType.RatingAudio, MediaType.RatingVideo]) expect((await upload(s, me.token, t, { filename: 'x.mp4', type: 'video/mp4', content: png })).statusCode).toBe(415);
  });

  it('keeps any other file as a download, and an HTML page can never render in our origin', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const res = await upload(s, me.token, MediaType.RatingFile, { filename: 'évaluation finale.html', type: 'text/html', content: html });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileMimeType: 'application/octet-stream', fileOriginalName: 'évaluation finale.html' });
    const served = await fetchBare(s, res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="_valuation finale.html"; filename\*=UTF-8''%C3%A9valuation%20finale.html$/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    expect(served.headers['cache-control']).toMatch(/^private/);
  });
});

describe('POST /media: limits and bad input', () => {
  it('answers 413 for a file over its kind limit, wherever mediaType comes in the form', async () => {
    const big = Buffer.alloc(FILE_LIMIT + 1, 7);
    expect((await upload(s, me.token, MediaType.RatingFile, { filename: 'big.bin', type: 'application/octet-stream', content: big })).statusCode).toBe(413);
    const late = multipart([{ filename: 'big.bin', type: 'application/octet-stream', content: big }, { mediaType: String(MediaType.RatingFile) }]);
    const res = await s.app.inject({ method: 'POST', url: `${API}/media`, headers: { 'content-type': late.contentType, authorization: `Bearer ${me.token}` }, payload: late.payload });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ '@type': 'hydra:Error', 'hydra:description': 'The file is too large: at most 64 KB for this media type.' });
    const audio = await upload(s, me.token, MediaType.RatingAudio, { filename: 'long.wav', type: 'audio/wav', content: wav(10) });
    expect(audio.statusCode).toBe(413);
    expect(filesUnder('tmp/uploads')).toEqual([]);
  });

  it.each([
    ['no file', MediaType.RatingPhoto, null, ['mediaFile']],
    ['an empty file', MediaType.RatingPhoto, { filename: 'empty.jpg', type: 'image/jpeg', content: Buffer.alloc(0) }, ['mediaFile']],
    ['no mediaType', null, { filename: 'a.txt', type: 'text/plain', content: Buffer.from('x') }, ['mediaType']],
    ['an unknown mediaType', 99, { filename: 'a.txt', type: 'text/plain', content: Buffer.from('x') }, ['mediaType']],
    ['a mediaType that is not a number', 'photo', { filename: 'a.txt', type: 'text/plain', content: Buffer.from('x') }, ['mediaType']],
    ['neither', null, null, ['mediaType', 'mediaFile']],
    ['a catalogue type', MediaType.PredefinedUserAvatar, { filename: 'a.txt', type: 'text/plain', content: Buffer.from('x') }, ['mediaType']],
  ])('answers 400 with violations for %s', async (_label, mediaType, file, paths) => {
    const res = await upload(s, me.token, mediaType, file);
    expect(res.statusCode).toBe(400);
    expect(res.json()['@type']).toBe('ConstraintViolationList');
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(paths);
  });

  it('answers 415 for a JSON body instead of a form, and 400 naming the file for no body at all', async () => {
    const res = await s.api('POST', `${API}/media`, { token: me.token, body: { mediaType: 34 } });
    expect(res.statusCode).toBe(415);
    expect(res.json()['hydra:description']).toContain('multipart/form-data');
    const none = await s.api('POST', `${API}/media`, { token: me.token });
    expect(none.statusCode).toBe(400);
    expect(none.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain('mediaFile');
  });

  it('answers 401 without a token, before reading the upload', async () => {
    expect((await upload(s, null, MediaType.RatingPhoto, { filename: 'a.jpg', type: 'image/jpeg', content: await jpegWithGps() })).statusCode).toBe(401);
  });

  it('removes the stored file when the row cannot be written, so no half upload remains', async () => {
    await s.ctx.db.execute(sql`create or replace function media_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused for the test'; end $$`);
    await s.ctx.db.execute(sql`create trigger media_refuse before insert on media for each row execute function media_refuse()`);
    try {
      // No recording is transcoded here (this file starts no job queue): no web copy lands between the two looks.
      const before = filesUnder('media').sort();
      const res = await upload(s, me.token, MediaType.RatingPhoto, { filename: 'a.jpg', type: 'image/jpeg', content: await jpegWithGps() });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/refused for the test|at /);
      expect(filesUnder('media').sort()).toEqual(before);
      expect(filesUnder('tmp/uploads')).toEqual([]);
    } finally {
      await s.ctx.db.execute(sql`drop trigger media_refuse on media`);
    }
  });
});
