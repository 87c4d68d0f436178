import { MediaType } from '@skillroom/contract/constants';
import type { Media } from '@skillroom/contract/types';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, isNetworkFailure } from '../../lib/api-client';
import { RESUMABLE_UPLOAD_THRESHOLD, startUpload } from '../../lib/resumable-upload';
import type { UploadHandle } from '../../lib/upload-with-progress';

export type AttachmentStatus = 'uploading' | 'paused' | 'done' | 'failed';

export interface Attachment {
  key: string;
  mediaType: MediaType;
  name: string;
  status: AttachmentStatus;
  /** 0 to 1. */
  progress: number;
  /** The file chosen here (none for an attachment the rating already had). */
  file?: File;
  media?: Media;
  error?: string;
  /** The upload failed for want of a connection: the file goes with the rating, through the outbox (DESIGN §7). */
  waiting?: boolean;
  /** A resumable (tus) upload: its address on the server, so that a retry goes on from what arrived. */
  uploadUrl?: string;
  resumable?: boolean;
  /** An object URL of the chosen file, for its thumbnail before saving (revoked when it leaves the list). */
  preview?: string;
}

/** Video and audio are sent with encode=1 (spec §7), so that the server makes a copy every browser plays. */
const encodes = (t: MediaType) => t === MediaType.RatingVideo || t === MediaType.RatingAudio;

let seq = 0;

/** Upload state of a rating's attachments: each file uploads at once, with its own progress, cancel and error. */
export function useAttachments(initial: Media[] = []) {
  const [items, setItems] = useState<Attachment[]>(() =>
    initial.map((m) => ({
      key: `m${m.id}`,
      mediaType: m.mediaType,
      name: m.fileOriginalName || m.fileName,
      status: 'done',
      progress: 1,
      media: m,
    })),
  );
  const handles = useRef(new Map<string, UploadHandle>());
  // The object URLs of the chosen files' thumbnails, each freed when its file leaves the list or the form goes.
  const previews = useRef(new Map<string, string>());
  const forget = useCallback((key: string) => {
    const url = previews.current.get(key);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(key);
  }, []);

  const update = useCallback(
    (key: string, patch: Partial<Attachment>) => setItems((all) => all.map((a) => (a.key === key ? { ...a, ...patch } : a))),
    [],
  );

  const start = useCallback(
    (key: string, file: File, mediaType: MediaType, uploadUrl?: string) => {
      const handle = startUpload({
        file,
        name: file.name,
        mediaType,
        encode: encodes(mediaType),
        uploadUrl,
        onUploadUrl: (url) => update(key, { uploadUrl: url }),
        onProgress: (p) => update(key, { progress: p.total ? p.loaded / p.total : 0 }),
      });
      handles.current.set(key, handle);
      handle.done.then(
        (media) => update(key, { status: 'done', progress: 1, media }),
        (e: unknown) => {
          // A cancelled upload has already left the list.
          if (e instanceof DOMException && e.name === 'AbortError') return;
          update(key, { status: 'failed', error: e instanceof ApiError ? e.message : undefined, waiting: isNetworkFailure(e) });
        },
      );
      void handle.done.finally(() => handles.current.delete(key)).catch(() => undefined);
    },
    [update],
  );

  const add = useCallback(
    (files: File[], mediaType: MediaType) => {
      const added = files.map((file) => {
        const key = `f${++seq}`;
        const preview = URL.createObjectURL(file);
        previews.current.set(key, preview);
        return {
          key,
          preview,
          mediaType,
          name: file.name,
          status: 'uploading' as const,
          progress: 0,
          file,
          resumable: file.size > RESUMABLE_UPLOAD_THRESHOLD,
        };
      });
      setItems((all) => [...all, ...added]);
      for (const a of added) start(a.key, a.file, mediaType);
    },
    [start],
  );

  /** Stops an upload under way, or drops a finished or failed one from the rating. */
  const remove = useCallback(
    (key: string) => {
      handles.current.get(key)?.cancel();
      forget(key);
      setItems((all) => all.filter((a) => a.key !== key));
    },
    [forget],
  );

  const retry = useCallback(
    (a: Attachment) => {
      if (!a.file) return;
      update(a.key, { status: 'uploading', progress: a.uploadUrl ? a.progress : 0, error: undefined });
      start(a.key, a.file, a.mediaType, a.uploadUrl);
    },
    [start, update],
  );

  /** Large files only (tus): stops sending and keeps what the server has; resume goes on from there. */
  const pause = useCallback(
    (key: string) => {
      handles.current.get(key)?.pause?.();
      update(key, { status: 'paused' });
    },
    [update],
  );
  const resume = useCallback(
    (key: string) => {
      handles.current.get(key)?.resume?.();
      update(key, { status: 'uploading' });
    },
    [update],
  );

  const reset = useCallback(() => {
    for (const h of handles.current.values()) h.cancel();
    for (const key of [...previews.current.keys()]) forget(key);
    setItems([]);
  }, [forget]);

  // Leaving the screen stops what is still uploading and frees the thumbnails.
  useEffect(() => {
    const all = handles.current;
    const urls = previews.current;
    return () => {
      all.forEach((h) => h.cancel());
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
    };
  }, []);

  const medias = items.filter((a) => a.status === 'done' && a.media).map((a) => a.media!);
  const uploading = items.some((a) => a.status === 'uploading' || a.status === 'paused');
  const failed = items.some((a) => a.status === 'failed');
  return { items, add, remove, retry, pause, resume, reset, medias, uploading, failed };
}

export type AttachmentsState = ReturnType<typeof useAttachments>;
