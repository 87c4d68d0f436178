/**
 * A read-through cache of serialized answers, valid only while the data version they were made at is still the
 * database's current one (see db/schema/cache.ts): every instance checks the version in PostgreSQL, so one instance
 * never serves what another has changed. Entries also age out before the signed media links inside them could expire,
 * and the oldest go first once `maxEntries` is reached.
 */
export class VersionedCache {
  private readonly entries = new Map<string, { version: number; body: string; at: number }>();

  constructor(
    private readonly maxEntries = 5000,
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
      this.entries.delete(key);
      return null;
    }
    return e.body;
  }

  set(key: string, version: number, body: string) {
    this.entries.delete(key);
    this.entries.set(key, { version, body, at: this.now() });
    // Map keeps insertion order: the first key is the oldest entry.
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size() {
    return this.entries.size;
  }
}
