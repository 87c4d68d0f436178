import { buffer } from 'node:stream/consumers';
import pLimit from 'p-limit';
import type { MediaThumbVariant } from '@skillroom/contract';
import type { Db } from '../../db/client';
import type { FileStore } from '../../lib/file-store';
import { makeThumbs, putThumbs, storedKeys, thumbVariantKey } from '../../lib/thumb-variants';
import type { MediaRow } from './media.presenter';
import { mediaRepository } from './media.repository';

interface ThumbDeps {
  db: Db;
  files: FileStore;
  maxImagePixels: number;
}

/**
 * Which stored thumbnail answers a variant. Pictures uploaded since variants exist have them all; an older picture
 * gets its variants made from its file on the first request (one at a time per instance, each key made once), and a
 * video poster or catalogue picture without them is answered with its 1x thumbnail, which a browser scales.
 */
export function thumbVariantSource(deps: ThumbDeps) {
  const oneAtATime = pLimit(1);
  const making = new Map<string, Promise<string>>();

  async function make(row: MediaRow & { thumbKey: string }, key: string): Promise<string> {
    const picture = await buffer(await deps.files.get(row.storageKey));
    const thumbs = await makeThumbs(picture, deps.maxImagePixels);
    await putThumbs(deps.files, row.thumbKey, thumbs);
    // Erased meanwhile: its files were removed before these were written, so these go too (else the orphan sweep would).
    if (!(await mediaRepository.findById(deps.db, row.id))) {
      await Promise.allSettled(
        storedKeys(row)
          .slice(1)
          .map((k) => deps.files.remove(k)),
      );
      return row.thumbKey;
    }
    return key;
  }

  return async (row: MediaRow & { thumbKey: string }, variant: MediaThumbVariant): Promise<string> => {
    const key = thumbVariantKey(row.thumbKey, variant);
    if (key === row.thumbKey || (await deps.files.size(key)) !== null) return key;
    if (!row.mimeType.startsWith('image/') || row.transcodeState) return row.thumbKey;
    let pending = making.get(key);
    if (!pending) {
      pending = oneAtATime(() => make(row, key))
        .catch(() => row.thumbKey)
        .finally(() => making.delete(key));
      making.set(key, pending);
    }
    return pending;
  };
}
