import { MediaType } from '@skillroom/contract/constants';
import type { Media } from '@skillroom/contract/types';
import { startUpload } from '../../lib/resumable-upload';
import { newUuid } from '../../lib/uuid';
import type { Attachment } from '../media/use-attachments';
import type { OutboxFile, OutboxItemBase } from './outbox-types';

const encodes = (t: MediaType) => t === MediaType.RatingVideo || t === MediaType.RatingAudio;

/**
 * A save's attachments as the outbox keeps them, keys and all: files already on the server are kept by id; a file
 * whose upload failed for want of a connection goes with the item and is uploaded before the save itself.
 */
export function outboxFilesOf(attachments: Attachment[]): OutboxFile[] {
  const files: OutboxFile[] = [];
  for (const a of attachments) {
    const base = { name: a.name, mediaType: a.mediaType, encode: encodes(a.mediaType), key: newUuid() };
    if (a.status === 'done' && a.media) files.push({ ...base, type: '', mediaId: a.media.id });
    else if (a.file) files.push({ ...base, type: a.file.type, blob: a.file, uploadUrl: a.uploadUrl });
  }
  return files;
}

function upload(f: OutboxFile, progress: () => Promise<void>): Promise<Media> {
  const handle = startUpload({
    file: f.blob!,
    name: f.name,
    mediaType: f.mediaType,
    encode: f.encode,
    idempotencyKey: f.key,
    uploadUrl: f.uploadUrl,
    onUploadUrl: (url) => {
      f.uploadUrl = url;
      void progress();
    },
    onProgress: () => undefined,
  });
  return handle.done;
}

/**
 * Uploads the item's files the server does not have yet, each under its own key, keeping the progress after each one
 * (`persist`): a resend after a dropped connection or a closed tab skips what arrived. Answers their Media ids in order.
 */
export async function sendFiles<T extends OutboxItemBase>(item: T, persist: (item: T) => Promise<void>): Promise<number[]> {
  for (const f of item.files) {
    if (f.mediaId !== undefined) continue;
    const media = await upload(f, () => persist(item));
    f.mediaId = media.id;
    delete f.blob;
    await persist(item);
  }
  return item.files.map((f) => f.mediaId!);
}
