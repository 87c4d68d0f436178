import { RESUMABLE_UPLOAD_THRESHOLD, UPLOADS_PATH, type MediaType } from '@skillroom/contract/constants';
import { ErrorText } from '@skillroom/contract/messages';
import type { Media } from '@skillroom/contract/types';
import type { HttpRequest, HttpResponse, Upload, UploadOptions } from 'tus-js-client';
import { api, ApiError } from './api-client';
import { API_ORIGIN } from './config';
import { validToken } from './session';
import { uploadErrorOf, uploadWithProgress, type UploadHandle, type UploadProgress } from './upload-with-progress';

export { RESUMABLE_UPLOAD_THRESHOLD };
/** One PATCH at most: a connection that drops loses at most this much, sent again from the last offset the server has. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Waits between tries after a dropped connection; past the last, the upload fails and Resume starts it again. */
const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, 15000];

export interface StartUpload {
  file: Blob;
  name: string;
  mediaType: MediaType;
  encode: boolean;
  onProgress: (p: UploadProgress) => void;
  /** POST /media only: the write's Idempotency-Key, kept by the outbox so that a resend stores the file once. */
  idempotencyKey?: string;
  /** tus only: the upload's address on the server, known from an earlier try; the upload goes on from what arrived. */
  uploadUrl?: string | null;
  onUploadUrl?: (url: string) => void;
}

/**
 * The Media the server answers when the last byte is in (its final PATCH); an upload found finished on resuming (its
 * HEAD) names the Media by `Content-Location` instead.
 */
async function mediaOf(res: HttpResponse): Promise<Media> {
  try {
    const media = JSON.parse(res.getBody()) as Media;
    if (media && typeof media.id === 'number') return media;
  } catch {
    // An empty answer: the header below says where the Media is.
  }
  const location = res.getHeader('content-location');
  if (location?.startsWith('/api/')) return api<Media>(location);
  throw uploadErrorOf(res.getStatus(), res.getBody() ?? '');
}

/** A 4xx other than a lock (423) or a lost offset (409) will not change by trying again. */
const worthRetrying = (status: number) => status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;

/**
 * One attachment's upload: tus for large files (pause, resume, and a dropped connection goes on from the last byte
 * the server has), POST /media with progress otherwise.
 */
export function startUpload(o: StartUpload): UploadHandle {
  if (o.file.size <= RESUMABLE_UPLOAD_THRESHOLD)
    return uploadWithProgress(o.file, o.mediaType, o.onProgress, o.encode, o.idempotencyKey, o.name);
  let upload: Upload | null = null;
  let stopped = false;
  let settle: { resolve: (m: Media) => void; reject: (e: unknown) => void } | null = null;
  const done = new Promise<Media>((resolve, reject) => (settle = { resolve, reject }));
  const options: UploadOptions = {
    endpoint: `${API_ORIGIN}${UPLOADS_PATH}`,
    uploadUrl: o.uploadUrl ?? null,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: {
      filename: o.name,
      filetype: o.file.type || 'application/octet-stream',
      mediaType: String(o.mediaType),
      ...(o.encode ? { encode: '1' } : {}),
    },
    // The address is kept by the caller (the outbox item); the browser's own list would outlive a sign-out.
    storeFingerprintForResuming: false,
    onBeforeRequest: async (req: HttpRequest) => {
      const token = await validToken();
      req.setHeader('accept', 'application/ld+json');
      if (token) req.setHeader('authorization', `Bearer ${token}`);
    },
    onUploadUrlAvailable: () => {
      if (upload?.url) o.onUploadUrl?.(upload.url);
    },
    onProgress: (loaded, total) => o.onProgress({ loaded, total }),
    onShouldRetry: (err) => worthRetrying(err.originalResponse?.getStatus() ?? 0),
    onSuccess: ({ lastResponse }) => {
      mediaOf(lastResponse).then(
        (m) => settle?.resolve(m),
        (e: unknown) => settle?.reject(e),
      );
    },
    onError: (err) => {
      const res = 'originalResponse' in err ? err.originalResponse : null;
      settle?.reject(res ? uploadErrorOf(res.getStatus(), res.getBody() ?? '') : new ApiError(0, ErrorText.mediaUpload));
    },
  };
  // Loaded with the first large file: the page's first load does not carry the tus client.
  void import('tus-js-client').then(
    ({ Upload: Tus }) => {
      upload = new Tus(o.file, options);
      if (!stopped) upload.start();
    },
    () => settle?.reject(new ApiError(0, ErrorText.mediaUpload)),
  );
  return {
    done,
    cancel: () => {
      stopped = true;
      // The server drops the partial upload at once rather than when it expires (UPLOADS_IDLE_EXPIRY_MINUTES).
      void upload?.abort(true).catch(() => undefined);
      settle?.reject(new DOMException('cancelled', 'AbortError'));
    },
    pause: () => {
      stopped = true;
      void upload?.abort(false);
    },
    resume: () => {
      stopped = false;
      upload?.start();
    },
  };
}
