import { hmac, safeEqual } from './secrets';

/** Signed, expiring links so that <img> and <video> can load a file without headers (DESIGN §4). */
export class UrlSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
    /** The object store's own link to a stored file (S3), so presenters need not know the store. */
    readonly objectUrl: (storageKey: string) => string | null = () => null,
  ) {}

  sign(path: string, now = Date.now()): string {
    // Expiry is rounded up to the hour so that links stay stable (and cacheable) across requests.
    const exp = Math.ceil((now / 1000 + this.ttlSeconds) / 3600) * 3600;
    return `${path}${path.includes('?') ? '&' : '?'}exp=${exp}&sig=${hmac(this.secret, `${path}|${exp}`)}`;
  }

  verify(path: string, exp: unknown, sig: unknown, now = Date.now()): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) * 1000 < now) return false;
    return safeEqual(hmac(this.secret, `${path}|${exp}`), sig);
  }
}
