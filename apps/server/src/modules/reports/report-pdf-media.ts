import sharp from '../../lib/sharp';
import { MediaType } from '@skillroom/contract';
import type { FileStore } from '../../lib/file-store';
import { thumbVariantKey } from '../../lib/thumb-variants';
import type { RatingMediaJson } from '../ratings/ratings.sql';

type MediaRow = RatingMediaJson['media'];

/**
 * A picture's place on the page, in points: two side by side across an A4 page, each at least 8 cm (226.8 pt) wide
 * (issue 36 §14: three 5.5 cm tiles were too small to see a child's work); a tall picture is as tall as `maxHeight`
 * allows, so a portrait photo of 3:4 still prints the full width.
 */
export const TILE = { width: 236, gap: 12, maxHeight: 320 };
/** The height a picture of `width`×`height` pixels takes in a tile (a missing one: a 4:3 box). */
export const tileHeight = (picture: { width: number; height: number } | null) =>
  picture ? Math.min(TILE.maxHeight, (TILE.width * picture.height) / picture.width) : (TILE.width * 3) / 4;
/** What print needs: about 200 dots per inch at the printed size (72 points an inch), so 656 px across a tile. */
export const PRINT_DPI = 200;
const PIXELS = { width: Math.round((TILE.width / 72) * PRINT_DPI), height: Math.round((TILE.maxHeight / 72) * PRINT_DPI) };

export const isPhoto = (m: MediaRow) =>
  m.mediaType === MediaType.RatingPhoto || (m.mediaType !== MediaType.RatingVideo && m.mimeType.startsWith('image/'));
export const isVideo = (m: MediaRow) => m.mediaType === MediaType.RatingVideo || m.mimeType.startsWith('video/');
export const isAudio = (m: MediaRow) => m.mediaType === MediaType.RatingAudio || m.mimeType.startsWith('audio/');

/**
 * The stored files a portfolio may print for a media, the best first: a photo's 2x thumbnail (640 px on its long side,
 * `lib/thumb-variants.ts`), else its original (a picture from before the 2x variants, scaled down here), else its 1x
 * thumbnail; a video's poster at 2x, else at 1x; nothing for audio and files.
 */
export function pictureKeys(m: MediaRow): string[] {
  const thumbs = m.thumbKey ? [thumbVariantKey(m.thumbKey, '2x'), m.thumbKey] : [];
  if (isVideo(m)) return thumbs;
  if (!isPhoto(m)) return [];
  return m.thumbKey ? [thumbs[0]!, m.storageKey, m.thumbKey] : [m.storageKey];
}

/** 83 s → 1:23. */
export function duration(seconds: number | null) {
  const s = Math.max(0, Math.round(seconds ?? 0));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60));
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm.padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/**
 * Reads a picture from the store (disk or S3) into sharp and answers a JPEG of what print needs (a hundred KB or so
 * instead of megabytes), so a year of photos keeps the PDF small; sharp holds one source file per load, and the
 * portfolio runs two loads at a time. Of `keys`, the first one stored that is an image is printed (a missing key
 * fails at once); none answers null: its name is printed instead.
 */
export function printPicture(files: FileStore) {
  const read = async (key: string): Promise<Buffer | null> => {
    let src: Awaited<ReturnType<FileStore['get']>> | null = null;
    try {
      src = await files.get(key);
      const resize = sharp({ failOn: 'error', limitInputPixels: 100_000_000 })
        .rotate()
        .resize(PIXELS.width, PIXELS.height, { fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 72 });
      src.once('error', (e) => resize.destroy(e));
      src.pipe(resize);
      return await resize.toBuffer();
    } catch {
      return null;
    } finally {
      src?.destroy();
    }
  };
  return async (keys: string[]): Promise<Buffer | null> => {
    for (const key of keys) {
      const data = await read(key);
      if (data) return data;
    }
    return null;
  };
}
