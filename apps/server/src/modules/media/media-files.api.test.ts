import sharp from 'sharp';
import { COOKIE_BEARER, MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { fetchBare, jpegWithGps, tamperedSignature, upload, wav } from '../../../test/media';
import { seedCatalogue } from '../../seed/catalogue';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let photo: { id: number; url: string; thumbUrl: string; fileName: string; fileSize: number };
let audio: { id: number; url: string; fileSize: number; fileMimeType: string };
let served: Buffer;

beforeAll(async () => {
  s = await startTestServer({}, { jobs: true });
  [owner, other] = await Promise.all([signUp(s), signUp(s)]);
  photo = (
    await upload(s, owner.token, MediaType.RatingPhoto, { filename: 'p.jpg', type: 'image/jpeg', content: await jpegWithGps() })
  ).json();
  audio = (await upload(s, owner.token, MediaType.RatingAudio, { filename: 'a.wav', type: 'audio/wav', content: wav(0.5) })).json();
  // The web copy (AAC) replaces the recording when ffmpeg runs here: ranges are read from what is served in the end.
  await s.ctx.jobs.drain('transcode');
  audio = (await s.api('GET', `/api/auth/v1/media/${audio.id}`, { token: owner.token })).json();
  served = (await fetchBare(s, audio.url)).rawPayload;
});
afterAll(() => s.close());

const tamper = tamperedSignature;

describe('GET /media/{id}: the file', () => {
  it('opens by its signed link with no header or cookie, as in an <img>', async () => {
    const res = await fetchBare(s, photo.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(res.headers['content-disposition']).toMatch(/^inline;/);
    expect(Number(res.headers['content-length'])).toBe(photo.fileSize);
  });

  it('is refused with a tampered, expired or foreign signature (403) and without any credentials (401)', async () => {
    expect((await fetchBare(s, tamper(photo.url))).statusCode).toBe(403);
    expect(
      (
        await fetchBare(
          s,
          photo.url.replace(/exp=\d+/, (e) => `exp=${Number(e.slice(4)) + 3600}`),
        )
      ).statusCode,
    ).toBe(403);
    const expired = s.ctx.urlSigner.sign(`/media/${photo.id}`, Date.now() - 30 * 24 * 3600 * 1000);
    const res = await fetchBare(s, expired);
    expect(res.statusCode).toBe(403);
    expect(res.json()['hydra:description']).toBe('Cannot access media resource');
    // A link signed for one file does not open another.
    expect((await fetchBare(s, audio.url.replace(`/media/${audio.id}`, `/media/${photo.id}`))).statusCode).toBe(403);
    expect((await fetchBare(s, `/media/${photo.id}`)).statusCode).toBe(401);
  });

  it('opens without a signature for a user allowed to see it, by bearer header or BEARER cookie, and not for others', async () => {
    expect((await fetchBare(s, `/media/${photo.id}`, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(200);
    expect((await fetchBare(s, `/media/${photo.id}`, { cookie: `${COOKIE_BEARER}=${owner.token}` })).statusCode).toBe(200);
    // An expired link still opens for its owner, signed in by cookie.
    expect((await fetchBare(s, tamper(photo.url), { cookie: `${COOKIE_BEARER}=${owner.token}` })).statusCode).toBe(200);
    expect((await fetchBare(s, `/media/${photo.id}`, { authorization: `Bearer ${other.token}` })).statusCode).toBe(403);
    expect((await fetchBare(s, `/media/${photo.id}`, { cookie: `${COOKIE_BEARER}=${other.token}` })).statusCode).toBe(403);
    expect((await fetchBare(s, `/media/999999`, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(403);
  });

  it('answers byte ranges of audio with 206, for seeking', async () => {
    const res = await fetchBare(s, audio.url, { range: 'bytes=0-9' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-9/${audio.fileSize}`);
    expect(res.headers['content-type']).toBe(audio.fileMimeType);
    expect(served.length).toBe(audio.fileSize);
    expect(res.rawPayload.equals(served.subarray(0, 10))).toBe(true);
    const tail = await fetchBare(s, audio.url, { range: 'bytes=-4' });
    expect([tail.statusCode, tail.headers['content-range'], tail.rawPayload.length]).toEqual([
      206,
      `bytes ${audio.fileSize - 4}-${audio.fileSize - 1}/${audio.fileSize}`,
      4,
    ]);
    const open = await fetchBare(s, audio.url, { range: `bytes=${audio.fileSize - 2}-` });
    expect(open.rawPayload.equals(served.subarray(audio.fileSize - 2))).toBe(true);
    const beyond = await fetchBare(s, audio.url, { range: `bytes=${audio.fileSize}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${audio.fileSize}`);
    // Several ranges are answered with the whole file, as HTTP allows.
    expect((await fetchBare(s, audio.url, { range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers alone', async () => {
    const res = await s.app.inject({ method: 'HEAD', url: photo.url });
    expect([res.statusCode, res.headers['content-type'], Number(res.headers['content-length']), res.rawPayload.length]).toEqual([
      200,
      'image/jpeg',
      photo.fileSize,
      0,
    ]);
  });

  it('answers 304 to a conditional request for an unchanged file', async () => {
    const first = await fetchBare(s, photo.url);
    const again = await fetchBare(s, photo.url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers 400 for an id that is not one', async () => {
    expect((await fetchBare(s, '/media/abc', { authorization: `Bearer ${owner.token}` })).statusCode).toBe(400);
  });
});

describe('GET /media/thumb/…', () => {
  it('serves the thumbnail by its signed descriptive path, and by the short path with the file link signature', async () => {
    expect(photo.thumbUrl).toMatch(new RegExp(`^/media/thumb/${photo.id}/34/${photo.fileName}\\?exp=`));
    const long = await fetchBare(s, photo.thumbUrl);
    expect(long.statusCode).toBe(200);
    expect(long.headers['content-type']).toBe('image/webp');
    expect((await sharp(long.rawPayload).metadata()).format).toBe('webp');
    const short = await fetchBare(s, `/media/thumb/${photo.id}?${photo.url.split('?')[1]}`);
    expect(short.statusCode).toBe(200);
    expect(short.rawPayload.equals(long.rawPayload)).toBe(true);
  });

  it('is refused like the file, and 404 where there is no thumbnail or the path does not match', async () => {
    expect((await fetchBare(s, `/media/thumb/${photo.id}`)).statusCode).toBe(401);
    expect((await fetchBare(s, tamper(photo.thumbUrl))).statusCode).toBe(403);
    expect((await fetchBare(s, `/media/thumb/${photo.id}`, { authorization: `Bearer ${other.token}` })).statusCode).toBe(403);
    expect((await fetchBare(s, `/media/thumb/${audio.id}`, { authorization: `Bearer ${owner.token}` })).statusCode).toBe(404);
    expect(
      (await fetchBare(s, `/media/thumb/${photo.id}/35/${photo.fileName}`, { authorization: `Bearer ${owner.token}` })).statusCode,
    ).toBe(404);
  });
});

describe('the predefined catalogue', () => {
  it('is seeded once: 12 user avatars and 12 student avatars, 256 px WebP with thumbnails, listed for everyone', async () => {
    expect(await seedCatalogue(s.ctx)).toBe(32);
    expect(await seedCatalogue(s.ctx)).toBe(0);
    for (const type of [MediaType.PredefinedUserAvatar, MediaType.PredefinedStudentAvatar]) {
      const list = (await s.api('GET', `/api/auth/v1/medias?mediaType=${type}`, { token: other.token })).json();
      expect(list['hydra:totalItems']).toBe(12);
      expect(new Set(list['hydra:member'].map((m: { fileName: string }) => m.fileName)).size).toBe(12);
      const first = list['hydra:member'][0];
      expect(first).toMatchObject({ mediaType: type, fileMimeType: 'image/webp', fileDimensions: '256x256' });
      const img = await fetchBare(s, first.url);
      expect(img.statusCode).toBe(200);
      const meta = await sharp(img.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
      expect((await fetchBare(s, first.thumbUrl)).statusCode).toBe(200);
      // Anyone signed in may open catalogue files without a signature.
      expect((await fetchBare(s, `/media/${first.id}`, { authorization: `Bearer ${other.token}` })).statusCode).toBe(200);
    }
    const classes = (await s.api('GET', `/api/auth/v1/medias?mediaType=${MediaType.TeachingClassAvatar}`, { token: other.token })).json();
    expect(classes['hydra:totalItems']).toBe(8);
  });

  it('makes distinct pictures', async () => {
    const list = (await s.api('GET', `/api/auth/v1/medias?mediaType=${MediaType.PredefinedStudentAvatar}`, { token: owner.token })).json();
    const bodies = await Promise.all(
      list['hydra:member'].map(async (m: { url: string }) => (await fetchBare(s, m.url)).rawPayload.toString('base64')),
    );
    expect(new Set(bodies).size).toBe(12);
  });
});
