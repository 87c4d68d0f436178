import type { MediaType } from '@skillroom/contract/constants';
import { ErrorText } from '@skillroom/contract/messages';
import type { HydraCollection, Media } from '@skillroom/contract/types';
import { api, ApiError, withQuery } from './api-client';

/** How long to wait before trying an upload again that the server held back (it answers 429 with Retry-After: 2). */
export const UPLOAD_RETRY_MS = 2000;
const UPLOAD_TRIES = 30;

/**
 * Uploads one file as the given media type (spec §7: multipart mediaType and mediaFile[file]). The server works on a
 * few uploads of one user at a time (UPLOADS_PER_USER) and answers 429 to more: those wait their turn here.
 */
export async function uploadMedia(file: File, mediaType: MediaType, encode = false): Promise<Media> {
  const form = new FormData();
  form.append('mediaType', String(mediaType));
  if (encode) form.append('encode', '1');
  form.append('mediaFile[file]', file, file.name);
  for (let attempt = 1; ; attempt++) {
    try {
      return await api<Media>('/media', { method: 'POST', form });
    } catch (e) {
      if (e instanceof ApiError && e.status === 429 && attempt < UPLOAD_TRIES) {
        await new Promise((r) => setTimeout(r, UPLOAD_RETRY_MS));
        continue;
      }
      // The server's reason (too large, wrong type) helps more than the generic text when there is one.
      if (e instanceof ApiError && e.status !== 0 && e.status !== 500) throw e;
      throw new ApiError(e instanceof ApiError ? e.status : 0, ErrorText.mediaUpload);
    }
  }
}

export const mediaListKey = (mediaType: MediaType, ids?: number[]) => withQuery('/medias', { mediaType, id: ids, itemsPerPage: 100 });
export type MediaList = HydraCollection<Media>;
