import sharp from './sharp';
import { MEDIA_THUMB_VARIANTS, type MediaThumbVariant } from '@skillroom/contract';

/*
 * Thumbnail variants are named by a rule on the row's `thumb_key` (no column of their own, so no migration):
 * `thumb/2026/11/<id>.webp` has its 2x variant at `thumb/2026/11/<id>@2x.webp`. Whatever removes or sweeps a media's
 * files asks `storedKeys`, so a variant never outlives its row.
 */

const VARIANT_TAIL = /@(\d+x)(\.[^./]*)?$/;

/** Where the `variant` of the thumbnail stored at `thumbKey` is kept. */
export function thumbVariantKey(thumbKey: string, variant: MediaThumbVariant): string {
  if (variant === '1x') return thumbKey;
  const dot = thumbKey.lastIndexOf('.');
  return dot > thumbKey.lastIndexOf('/') ? `${thumbKey.slice(0, dot)}@${variant}${thumbKey.slice(dot)}` : `${thumbKey}@${variant}`;
}

/** The thumbnail key a stored variant belongs to (itself when it is no variant): the orphan sweep looks rows up by it. */
export function thumbKeyOfVariant(key: string): string {
  const m = VARIANT_TAIL.exec(key);
  return m && m[1]! in MEDIA_THUMB_VARIANTS ? key.slice(0, m.index) + (m[2] ?? '') : key;
}

/** Every key a media row's bytes may be kept under: the file, its thumbnail and the thumbnail's variants. */
export function storedKeys(row: { storageKey: string; thumbKey: string | null }): string[] {
  if (!row.thumbKey) return [row.storageKey];
  const variants = Object.keys(MEDIA_THUMB_VARIANTS) as MediaThumbVariant[];
  return [row.storageKey, ...variants.map((v) => thumbVariantKey(row.thumbKey!, v))];
}

/** A picture as the WebP thumbnails of every variant, each fitted inside its square and never enlarged. */
export async function makeThumbs(picture: Buffer, maxPixels?: number): Promise<Record<MediaThumbVariant, Buffer>> {
  const [one, two] = await Promise.all(
    [MEDIA_THUMB_VARIANTS['1x'], MEDIA_THUMB_VARIANTS['2x']].map((side) =>
      sharp(picture, { limitInputPixels: maxPixels ?? true })
        .resize(side, side, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ),
  );
  return { '1x': one!, '2x': two! };
}

/** Stores every variant of `thumbs` beside `thumbKey` (a caller that must take them back removes `storedKeys`). */
export async function putThumbs(
  files: { put(key: string, data: Buffer, contentType?: string): Promise<void> },
  thumbKey: string,
  thumbs: Record<MediaThumbVariant, Buffer>,
): Promise<void> {
  for (const [variant, data] of Object.entries(thumbs) as [MediaThumbVariant, Buffer][])
    await files.put(thumbVariantKey(thumbKey, variant), data, 'image/webp');
}
