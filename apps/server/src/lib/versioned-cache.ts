/**
 * A read-through cache of serialized answers, valid only while the data version they were made at is still the
 * database's current one (see db/schema/cache.ts): every instance checks the version in PostgreSQL, so one instance
 * never serves what another has changed. Entries also age out before the signed media links inside them could expire,
 * and the oldest go first once the entries together weigh more than `maxBytes`.
 */
export class VersionedCache {
  private readonly entries = new Map<string, { version: number; body: string; at: number; bytes: number }>();
  private total = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxAgeMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string, version: number): string | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.version !== version || this.now() - e.at > this.maxAgeMs) {
      this.delete(key);
      return null;
    }
    return e.body;
  }

  set(key: string, version: number, body: string) {
    this.delete(key);
    // JavaScript strings are UTF-16: two bytes a character, plus the Map entry's own weight.
    const bytes = (key.length + body.length) * 2 + 100;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { version, body, at: this.now(), bytes });
    this.total += bytes;
    // Map keeps insertion order: the first key is the oldest entry.
    while (this.total > this.maxBytes) this.delete(this.entries.keys().next().value!);
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.bytes;
  }

  get size() {
    return this.entries.size;
  }

  /** What the entries weigh, as counted against `maxBytes`. */
  get bytes() {
    return this.total;
  }
}
