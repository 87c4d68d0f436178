import { API_AUTH_PREFIX, type MediaType } from '@skillroom/contract/constants';
import { ErrorText } from '@skillroom/contract/messages';
import type { Media } from '@skillroom/contract/types';
import { ApiError, IDEMPOTENCY_HEADER } from './api-client';
import { API_ORIGIN } from './config';
import { validToken } from './session';
import { newUuid } from './uuid';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadHandle {
  done: Promise<Media>;
  /** Stops the upload; `done` then rejects with an AbortError. */
  cancel: () => void;
  /** Resumable uploads only (tus): stop sending and keep what arrived; `resume` carries on from there. */
  pause?: () => void;
  resume?: () => void;
}

/** The server's reason when it gave one (too large, wrong type); the spec's text otherwise (§8). */
export function uploadErrorOf(status: number, body: string): ApiError {
  let reason: string | null = null;
  try {
    const json = JSON.parse(body) as Record<string, unknown>;
    const text = json['hydra:description'] ?? json.message;
    if (typeof text === 'string' && text) reason = text;
  } catch {
    // Not JSON (a proxy's page, a dropped connection): the status says enough.
  }
  return new ApiError(status, status >= 400 && status < 500 && reason ? reason : ErrorText.mediaUpload);
}

/** Tries of one upload that the server holds back (429: it works on a few uploads of one user at a time). */
const BUSY_TRIES = 30;
/** The wait before trying again when the server's 429 names none. */
const BUSY_WAIT_MS = 2000;

/** The wait a 429 asks for (Retry-After, in seconds), or the default. */
export function retryAfterMs(header: string | null): number {
  const s = Number(header);
  return Number.isFinite(s) && s > 0 ? Math.min(s, 60) * 1000 : BUSY_WAIT_MS;
}

/**
 * Uploads one file as `POST /media` (spec §7) with XMLHttpRequest, the one browser API that reports upload
 * progress, so that each attachment can show its own bar and be cancelled. An upload the server holds back (429)
 * waits its turn and goes again.
 */
export function uploadWithProgress(
  file: Blob,
  mediaType: MediaType,
  onProgress: (p: UploadProgress) => void,
  encode = false,
  /** The outbox resends an upload with its first key, so that the server stores the file once (DESIGN §7). */
  idempotencyKey = newUuid(),
  name = file instanceof File ? file.name : 'file',
): UploadHandle {
  let xhr: XMLHttpRequest | null = null;
  let cancelled = false;
  let wake: (() => void) | null = null;
  const aborted = () => new DOMException('cancelled', 'AbortError');

  const attempt = (token: string | null) =>
    new Promise<{ status: number; body: string; retryAfter: string | null }>((resolve, reject) => {
      const form = new FormData();
      form.append('mediaType', String(mediaType));
      if (encode) form.append('encode', '1');
      form.append('mediaFile[file]', file, name);
      const x = new XMLHttpRequest();
      xhr = x;
      x.open('POST', `${API_ORIGIN}${API_AUTH_PREFIX}/media`);
      x.setRequestHeader('accept', 'application/ld+json');
      x.setRequestHeader(IDEMPOTENCY_HEADER, idempotencyKey);
      if (token) x.setRequestHeader('authorization', `Bearer ${token}`);
      x.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
      x.onload = () => resolve({ status: x.status, body: x.responseText, retryAfter: x.getResponseHeader('retry-after') });
      x.onerror = () => reject(new ApiError(0, ErrorText.mediaUpload));
      x.onabort = () => reject(aborted());
      x.send(form);
    });

  const done = (async () => {
    for (let n = 1; ; n++) {
      const token = await validToken();
      if (cancelled) throw aborted();
      const res = await attempt(token);
      if (res.status === 429 && n < BUSY_TRIES) {
        onProgress({ loaded: 0, total: file.size });
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, retryAfterMs(res.retryAfter));
        });
        wake = null;
        if (cancelled) throw aborted();
        continue;
      }
      if (res.status >= 200 && res.status < 300) {
        try {
          return JSON.parse(res.body) as Media;
        } catch {
          throw new ApiError(res.status, ErrorText.mediaUpload);
        }
      }
      throw uploadErrorOf(res.status, res.body);
    }
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      (xhr as XMLHttpRequest | null)?.abort();
      (wake as (() => void) | null)?.();
    },
  };
}
