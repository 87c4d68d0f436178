import { ErrorText, type HydraCollection, type Media, type MediaType } from '@skillroom/contract';
import { api, ApiError, withQuery } from './api-client';

/** Uploads one file as the given media type (spec §7: multipart mediaType and mediaFile[file]). */
export async function uploadMedia(file: File, mediaType: MediaType, encode = false): Promise<Media> {
  const form = new FormData();
  form.append('mediaType', String(mediaType));
  if (encode) form.append('encode', '1');
  form.append('mediaFile[file]', file, file.name);
  try {
    return await api<Media>('/media', { method: 'POST', form });
  } catch (e) {
    // The server's reason (too large, wrong type) helps more than the generic text when there is one.
    if (e instanceof ApiError && e.status !== 0 && e.status !== 500) throw e;
    throw new ApiError(e instanceof ApiError ? e.status : 0, ErrorText.mediaUpload);
  }
}

export const mediaListKey = (mediaType: MediaType, ids?: number[]) => withQuery('/medias', { mediaType, id: ids, itemsPerPage: 100 });
export type MediaList = HydraCollection<Media>;
