import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { MediaType, thumbVariantUrl } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startTestServer, type TestServer } from '../../../test/harness';
import { expectErased, keysOf, storedKeys } from '../../../test/erasure';
import { fetchBare, tamperedSignature, upload } from '../../../test/media';
import { withErasure } from '../../records/erasure';

let s: TestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
type Uploaded = { id: number; thumbUrl: string; fileDimensions: string };

beforeAll(async () => {
  s = await startTestServer();
  owner = await signUp(s);
}, 300_000);
afterAll(() => s.close());

async function photoOf(width: number, height: number): Promise<Uploaded> {
  const content = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: width % 256, b: 40 } } })
    .jpeg()
    .toBuffer();
  const res = await upload(s, owner.token, MediaType.RatingPhoto, { filename: 'p.jpg', type: 'image/jpeg', content });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** Fetches a link as an <img> would (no header) and answers the picture's size. */
async function sizeAt(url: string) {
  const res = await fetchBare(s, url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  const { width, height, format } = await sharp(res.rawPayload).metadata();
  return { width, height, format, etag: res.headers.etag };
}

const thumbKeyOf = async (id: number) =>
  ((await s.ctx.db.execute(sql`select thumb_key from media where id = ${id}`)) as unknown as { rows: { thumb_key: string }[] }).rows[0]!
    .thumb_key;

describe(`thumbnail variants, 1x and 2x (${dbKind})`, { timeout: 120_000 }, () => {
  it('are made at upload, 320 and 640 px on the longest side, served by the same signed link with ?size=2x', async () => {
    const photo = await photoOf(1600, 1200);
    expect(photo.fileDimensions).toBe('1600x1200');
    const one = await sizeAt(photo.thumbUrl);
    const two = await sizeAt(thumbVariantUrl(photo.thumbUrl, '2x'));
    expect([one.width, one.height, one.format]).toEqual([320, 240, 'webp']);
    expect([two.width, two.height]).toEqual([640, 480]);
    expect(two.etag).not.toBe(one.etag);
    expect(await sizeAt(`${photo.thumbUrl}&size=1x`)).toEqual(one);
    const key = await thumbKeyOf(photo.id);
    expect(await storedKeys(s)).toContain(key.replace(/\.webp$/, '@2x.webp'));
  });

  it('never enlarge a small picture, and keep a tall one tall', async () => {
    const small = await photoOf(200, 100);
    expect(await sizeAt(thumbVariantUrl(small.thumbUrl, '2x'))).toMatchObject({ width: 200, height: 100 });
    const tall = await photoOf(900, 1800);
    expect(await sizeAt(small.thumbUrl)).toMatchObject({ width: 200, height: 100 });
    expect(await sizeAt(tall.thumbUrl)).toMatchObject({ width: 160, height: 320 });
    expect(await sizeAt(thumbVariantUrl(tall.thumbUrl, '2x'))).toMatchObject({ width: 320, height: 640 });
  });

  it('answer 400 for an unknown size and are refused like the thumbnail without a valid signature', async () => {
    const photo = await photoOf(800, 600);
    for (const size of ['3x', '', '2X', '640'])
      expect((await fetchBare(s, `${photo.thumbUrl}&size=${encodeURIComponent(size)}`)).statusCode, size).toBe(400);
    expect((await fetchBare(s, `${photo.thumbUrl}&size=2x&size=1x`)).statusCode).toBe(400);
    const tampered = tamperedSignature(thumbVariantUrl(photo.thumbUrl, '2x'));
    expect((await fetchBare(s, tampered)).statusCode).toBe(403);
    expect((await fetchBare(s, `/media/thumb/${photo.id}?size=2x`)).statusCode).toBe(401);
  });

  it('are made on the first request for a picture stored before variants existed, and erased with it', async () => {
    const photo = await photoOf(1000, 1000);
    const variant = (await thumbKeyOf(photo.id)).replace(/\.webp$/, '@2x.webp');
    await s.ctx.files.remove(variant);
    expect(await storedKeys(s)).not.toContain(variant);
    const twice = await Promise.all([1, 2].map(() => sizeAt(thumbVariantUrl(photo.thumbUrl, '2x'))));
    expect(twice.map((t) => [t.width, t.height])).toEqual([
      [640, 640],
      [640, 640],
    ]);
    const keys = await keysOf(s, photo.id);
    expect(keys).toContain(variant);
    await withErasure({ db: s.ctx.db, files: s.ctx.files }, (e) => e.media([photo.id]));
    await expectErased(s, [photo.id], keys);
  });

  it('fall back to the 1x thumbnail where no variant can be made from the file (a video poster)', async () => {
    const photo = await photoOf(1200, 900);
    const variant = (await thumbKeyOf(photo.id)).replace(/\.webp$/, '@2x.webp');
    await s.ctx.files.remove(variant);
    // A poster of a video made before variants existed: its file is a video, so only the 1x thumbnail can be sent.
    await s.ctx.db.execute(sql`update media set mime_type = 'video/mp4' where id = ${photo.id}`);
    const served = await sizeAt(thumbVariantUrl(photo.thumbUrl, '2x'));
    expect(served).toEqual(await sizeAt(photo.thumbUrl));
    expect(await storedKeys(s)).not.toContain(variant);
  });
});
