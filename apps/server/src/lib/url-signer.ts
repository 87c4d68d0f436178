import { AsyncLocalStorage } from 'node:async_hooks';
import { hmac, safeEqual } from './secrets';

/**
 * Who the links made while answering a request are for: set around each route handler (app.ts), so that every
 * presenter signs for the user it answers without being handed that user. No user (a public route): 0, a link that
 * only opens what anyone may see.
 */
const linkUser = new AsyncLocalStorage<number>();

/** Runs `fn` (a handler, given as Fastify's `done`) with links signed for this user. */
export const signingFor = (userId: number | null, fn: () => void) => linkUser.run(userId ?? 0, fn);

/**
 * Signed, expiring links so that <img> and <video> can load a file without headers (DESIGN §4). Each carries the
 * user it was issued to (DESIGN §6), inside the signature: serving checks that this user may still see the file.
 */
export class UrlSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    /** Whether the object store has links of its own (S3): media then carry a signed `s3_url` as well. */
    readonly objectLinks = false,
  ) {}

  sign(path: string, now = Date.now(), userId = linkUser.getStore() ?? 0): string {
    // Expiry is rounded up to the hour so that links stay stable (and cacheable) across requests.
    const exp = Math.ceil((now / 1000 + this.ttlSeconds) / 3600) * 3600;
    return `${path}${path.includes('?') ? '&' : '?'}exp=${exp}&sig=${hmac(this.secret, `${path}|${exp}|${userId}`)}&u=${userId}`;
  }

  /** The user a valid, unexpired link on this path was issued to; null when it is not one (altered, expired, unsigned). */
  verify(path: string, q: { exp?: unknown; sig?: unknown; u?: unknown }, now = Date.now()): number | null {
    const { exp, sig, u } = q;
    if (typeof exp !== 'string' || typeof sig !== 'string' || typeof u !== 'string' || !/^\d{1,12}$/.test(exp) || !/^\d{1,15}$/.test(u))
      return null;
    if (Number(exp) * 1000 < now) return null;
    return safeEqual(hmac(this.secret, `${path}|${exp}|${u}`), sig) ? Number(u) : null;
  }
}
