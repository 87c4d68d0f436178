import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeThumbs, storedKeys, thumbKeyOfVariant, thumbVariantKey } from './thumb-variants';

describe('thumbnail variants are named by a rule on the thumbnail key', () => {
  it('the 2x variant sits beside its thumbnail, and leads back to it', () => {
    expect(thumbVariantKey('thumb/2026/11/abc.webp', '2x')).toBe('thumb/2026/11/abc@2x.webp');
    expect(thumbVariantKey('thumb/2026/11/abc.webp', '1x')).toBe('thumb/2026/11/abc.webp');
    expect(thumbVariantKey('catalogue/thumb/noext', '2x')).toBe('catalogue/thumb/noext@2x');
    expect(thumbVariantKey('a.b/c', '2x')).toBe('a.b/c@2x');
    for (const key of ['thumb/2026/11/abc.webp', 'catalogue/thumb/noext', 'a.b/c'])
      expect(thumbKeyOfVariant(thumbVariantKey(key, '2x'))).toBe(key);
  });

  it('other keys are their own: files, thumbnails, and names that only look like a variant', () => {
    for (const key of ['image/2026/11/abc.jpg', 'thumb/2026/11/abc.webp', 'thumb/x@3x.webp', 'thumb/me@home.webp'])
      expect(thumbKeyOfVariant(key)).toBe(key);
  });

  it('a row keeps its file, thumbnail and every variant; a row without thumbnail its file only', () => {
    expect(storedKeys({ storageKey: 'image/a.jpg', thumbKey: 'thumb/a.webp' })).toEqual(['image/a.jpg', 'thumb/a.webp', 'thumb/a@2x.webp']);
    expect(storedKeys({ storageKey: 'audio/a.m4a', thumbKey: null })).toEqual(['audio/a.m4a']);
  });

  it('makes WebP thumbnails fitted in 320 and 640 px squares, never enlarged', async () => {
    const picture = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#808080' } })
        .png()
        .toBuffer();
    const sizes = async (t: Record<string, Buffer>) =>
      Promise.all(Object.values(t).map(async (b) => (({ width, height, format }) => [width, height, format])(await sharp(b).metadata())));
    expect(await sizes(await makeThumbs(await picture(1000, 2000)))).toEqual([
      [160, 320, 'webp'],
      [320, 640, 'webp'],
    ]);
    expect(await sizes(await makeThumbs(await picture(400, 300)))).toEqual([
      [320, 240, 'webp'],
      [400, 300, 'webp'],
    ]);
  });
});
