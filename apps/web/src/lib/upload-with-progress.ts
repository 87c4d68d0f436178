import { API_AUTH_PREFIX, ErrorText, type Media, type MediaType } from '@skillroom/contract';
import { ApiError } from './api-client';
import { API_ORIGIN } from './config';
import { validToken } from './session';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadHandle {
  done: Promise<Media>;
  /** Stops the upload; `done` then rejects with an AbortError. */
  cancel: () => void;
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

/**
 * Uploads one file as `POST /media` (spec §7) with XMLHttpRequest, the one browser API that reports upload
 * progress, so that each attachment can show its own bar and be cancelled.
 */
export function uploadWithProgress(file: File, mediaType: MediaType, onProgress: (p: UploadProgress) => void, encode = false): UploadHandle {
  const xhr = new XMLHttpRequest();
  let cancelled = false;
  const done = (async () => {
    const token = await validToken();
    if (cancelled) throw new DOMException('cancelled', 'AbortError');
    const form = new FormData();
    form.append('mediaType', String(mediaType));
    if (encode) form.append('encode', '1');
    form.append('mediaFile[file]', file, file.name);
    return new Promise<Media>((resolve, reject) => {
      xhr.open('POST', `${API_ORIGIN}${API_AUTH_PREFIX}/media`);
      xhr.setRequestHeader('accept', 'application/ld+json');
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          try {
            resolve(JSON.parse(xhr.responseText) as Media);
          } catch {
            reject(new ApiError(xhr.status, ErrorText.mediaUpload));
          }
        } else reject(uploadErrorOf(xhr.status, xhr.responseText));
      };
      xhr.onerror = () => reject(new ApiError(0, ErrorText.mediaUpload));
      xhr.onabort = () => reject(new DOMException('cancelled', 'AbortError'));
      xhr.send(form);
    });
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      xhr.abort();
    },
  };
}
