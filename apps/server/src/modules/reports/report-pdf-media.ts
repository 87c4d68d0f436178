import sharp from '../../lib/sharp';
import { MediaType } from '@skillroom/contract';
import type { FileStore } from '../../lib/file-store';
import type { RatingMediaJson } from '../ratings/ratings.sql';

type MediaRow = RatingMediaJson['media'];

/** A picture's place on the page, in points: three side by side across an A4 page. */
export const TILE = { width: 155, height: 116, gap: 10 };
/** What print needs: 150 dots per inch at the printed size (72 points an inch). */
export const PRINT_DPI = 150;
const PIXELS = { width: Math.round((TILE.width / 72) * PRINT_DPI), height: Math.round((TILE.height / 72) * PRINT_DPI) };

export const isPhoto = (m: MediaRow) =>
  m.mediaType === MediaType.RatingPhoto || (m.mediaType !== MediaType.RatingVideo && m.mimeType.startsWith('image/'));
export const isVideo = (m: MediaRow) => m.mediaType === MediaType.RatingVideo || m.mimeType.startsWith('video/');
export const isAudio = (m: MediaRow) => m.mediaType === MediaType.RatingAudio || m.mimeType.startsWith('audio/');

/**
 * The stored file a portfolio prints for a media: a video's poster; a photo's thumbnail (MEDIA_THUMB_SIZE, 320 px on
 * its long side: about 150 dpi across a tile, what print needs, and a fraction of the original's cost to decode), or
 * the photo itself when it has none; nothing for audio and files.
 */
export function pictureKey(m: MediaRow): string | null {
  if (isVideo(m)) return m.thumbKey;
  return isPhoto(m) ? (m.thumbKey ?? m.storageKey) : null;
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
 * Reads a picture from the store (disk or S3) into sharp and answers a JPEG of what print needs (a few tens of KB
 * instead of megabytes), so a year of photos keeps the PDF small; sharp holds one source file per load, and the
 * portfolio runs two loads at a time. A file missing or not an image answers null: its name is printed instead.
 */
export function printPicture(files: FileStore) {
  return async (key: string): Promise<Buffer | null> => {
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
}
