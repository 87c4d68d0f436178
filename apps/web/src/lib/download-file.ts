import { API_AUTH_PREFIX } from '@skillroom/contract/constants';
import { ApiError } from './api-client';
import { API_ORIGIN } from './config';
import { validToken } from './session';

/** Bytes received so far, and the whole when the server said it (Content-Length). */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

/** The file name the server gave in Content-Disposition, or a sensible one. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain ? plain[1]! : fallback;
}

/** Reads a body to the end, telling how far it got against Content-Length. */
async function readAll(res: Response, onProgress?: (p: DownloadProgress) => void): Promise<Blob> {
  const type = res.headers.get('content-type') ?? 'application/octet-stream';
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  if (!res.body) return res.blob();
  const reader = res.body.getReader();
  const parts: BlobPart[] = [];
  let loaded = 0;
  onProgress?.({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.byteLength;
    onProgress?.({ loaded, total });
  }
  return new Blob(parts, { type });
}

/** Hands a blob to the browser as a download under `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a file of the API (a report, an export). Fetched with the bearer token (refreshed when needed) rather
 * than opened as a link, so that an expired session or a refusal shows as a message instead of an error page; the
 * body is read as it comes so the caller can show progress, and `signal` cancels it (an AbortError is thrown).
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  opts: { signal?: AbortSignal; onProgress?: (p: DownloadProgress) => void } = {},
) {
  const token = await validToken();
  let res: Response;
  try {
    res = await fetch(`${API_ORIGIN}${API_AUTH_PREFIX}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: opts.signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new ApiError(0, 'network');
  }
  if (!res.ok) throw new ApiError(res.status, res.statusText);
  let blob: Blob;
  try {
    blob = await readAll(res, opts.onProgress);
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new ApiError(0, 'network');
  }
  saveBlob(blob, fileNameOf(res.headers.get('content-disposition'), fallbackName));
}
