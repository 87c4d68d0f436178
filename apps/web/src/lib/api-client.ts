import { API_AUTH_PREFIX, API_PUBLIC_PREFIX } from '@skillroom/contract/constants';
import { ErrorText } from '@skillroom/contract/messages';
import type { Violation } from '@skillroom/contract/types';
import { API_ORIGIN, LOGOUT_URL } from './config';
import { validToken } from './session';
import { newUuid } from './uuid';

/** A failed call: the HTTP status, the server's message, and the violations of a 400. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly violations: Violation[] = [],
    /** The whole error body, for answers that carry data beside their message (a 409 naming what is in the way). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** Under /api/public/v1 instead of /api/auth/v1; sends no token. */
  public?: boolean;
  /** A 401 is the caller's to handle (sign-in), not a reason to leave the app. */
  keep401?: boolean;
  /**
   * The write's `Idempotency-Key` (DESIGN §7): a resend of the same logical write passes the same key, so the server
   * answers it with its first answer instead of writing twice. Writes without one get a fresh key.
   */
  idempotencyKey?: string;
}

/** Methods that change something: each carries an `Idempotency-Key` (DESIGN §7). */
const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A call that never reached the server (no network, DNS, a dropped connection): worth trying again later. */
export const isNetworkFailure = (e: unknown): boolean => e instanceof ApiError && e.status === 0;

/** Sends the browser to the logout address (spec §6), which clears the session and lands on sign-in. */
export function leaveForLogout() {
  window.location.assign(LOGOUT_URL);
}

async function errorOf(res: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // A proxy's HTML error page: the status alone tells what happened.
  }
  const violations = Array.isArray(body.violations) ? (body.violations as Violation[]) : [];
  const message = (body['hydra:description'] ?? body.message ?? body.detail ?? ErrorText.genericFetch) as string;
  return new ApiError(res.status, message, violations, body);
}

/** One call to the API with the spec's headers (§7): bearer token, JSON-LD in and out. */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const prefix = path.startsWith('/api/') ? '' : options.public ? API_PUBLIC_PREFIX : API_AUTH_PREFIX;
  const headers: Record<string, string> = { accept: 'application/ld+json' };
  const method = options.method ?? 'GET';
  if (WRITES.has(method)) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey ?? newUuid();
  if (!options.public) {
    const token = await validToken();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/ld+json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(`${API_ORIGIN}${prefix}${path}`, { method, headers, body, signal: options.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, ErrorText.genericFetch);
  }
  if (res.status === 401 && !options.public && !options.keep401) leaveForLogout();
  if (!res.ok) throw await errorOf(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The SWR fetcher: keys are API paths under /api/auth/v1. */
export const fetcher = <T>(path: string) => api<T>(path);

/** Builds a query string, repeating array values as `key[]=v` (DESIGN §4). */
export function withQuery(path: string, query: Record<string, string | number | boolean | null | undefined | (string | number)[]>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) v.forEach((x) => q.append(`${k}[]`, String(x)));
    else q.append(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
