import { describe, expect, it } from 'vitest';
import { VersionedCache } from './versioned-cache';

describe('VersionedCache', () => {
  it('answers an entry only at the version it was made at', () => {
    const c = new VersionedCache();
    c.set('k', 3, 'body');
    expect(c.get('k', 3)).toBe('body');
    expect(c.get('k', 4)).toBeNull();
    // A stale entry is dropped, not kept for an older version.
    expect(c.get('k', 3)).toBeNull();
  });

  it('lets entries age out', () => {
    let t = 5000;
    const c = new VersionedCache(10_000, 1000, () => t);
    c.set('k', 1, 'body');
    t = 6000;
    expect(c.get('k', 1)).toBe('body');
    t = 6001;
    expect(c.get('k', 1)).toBeNull();
  });

  it('drops the oldest entries once they weigh more than its byte budget', () => {
    const body = 'x'.repeat(1000);
    // Room for two entries of about 2 KB each, not three.
    const c = new VersionedCache(5000);
    c.set('a', 1, body);
    c.set('b', 1, body);
    c.set('a', 1, body + 'A');
    c.set('c', 1, body);
    expect(c.size).toBe(2);
    expect(c.bytes).toBeLessThanOrEqual(5000);
    expect(c.get('b', 1)).toBeNull();
    expect(c.get('a', 1)).toBe(body + 'A');
    expect(c.get('c', 1)).toBe(body);
  });

  it('stays within its byte budget however many keys come, and never keeps one answer larger than it', () => {
    const c = new VersionedCache(100_000);
    for (let i = 0; i < 10_000; i++) c.set(`list|1|${i}`, 1, 'y'.repeat(500));
    expect(c.bytes).toBeLessThanOrEqual(100_000);
    expect(c.size).toBeLessThan(100);
    c.set('huge', 1, 'z'.repeat(60_000));
    expect(c.get('huge', 1)).toBeNull();
  });
});
