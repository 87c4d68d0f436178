import { LRUCache } from 'lru-cache';

/** A cached answer: its text, the version it was made at, and its entity tag (see http/versioned-answer.ts). */
export interface CachedAnswer {
  version: string;
  body: string;
  etag: string;
}

/**
 * A read-through cache of serialized answers, valid only while the version they were made at is still the database's
 * current one for what they show (per class, see db/schema/cache.ts): every instance checks that version in
 * PostgreSQL, so one instance never serves what another has changed. Entries also age out before the signed media
 * links inside them could expire, and the least recently used go first once the entries together weigh more than
 * `maxBytes` (lru-cache does the ageing and the weighing).
 */
export class VersionedCache {
  private readonly lru: LRUCache<string, CachedAnswer>;

  constructor(maxBytes = 32 * 1024 * 1024, maxAgeMs = 60_000, now: () => number = Date.now) {
    this.lru = new LRUCache<string, CachedAnswer>({
      maxSize: maxBytes,
      // JavaScript strings are UTF-16: two bytes a character, plus the entry's own weight.
      sizeCalculation: (e, key) => (key.length + e.body.length + e.etag.length + e.version.length) * 2 + 100,
      ttl: maxAgeMs,
      // Ages are read from `now` on every look-up (tests move it), never from a clock cached between look-ups.
      ttlResolution: 0,
      perf: { now },
    });
  }

  has(key: string): boolean {
    return this.lru.has(key);
  }

  /** The entry of `key` if it was made at `version`; an entry made at another version is dropped. */
  entry(key: string, version: string | number): CachedAnswer | null {
    const e = this.lru.get(key);
    if (!e) return null;
    if (e.version !== String(version)) {
      this.lru.delete(key);
      return null;
    }
    return e;
  }

  get(key: string, version: string | number): string | null {
    return this.entry(key, version)?.body ?? null;
  }

  set(key: string, version: string | number, body: string, etag = '') {
    // An answer heavier than the whole budget is not kept (lru-cache refuses it, and drops what the key held).
    this.lru.set(key, { version: String(version), body, etag });
  }

  get size() {
    return this.lru.size;
  }

  /** What the entries weigh, as counted against `maxBytes`. */
  get bytes() {
    return this.lru.calculatedSize;
  }
}
