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
    let t = 0;
    const c = new VersionedCache(10, 1000, () => t);
    c.set('k', 1, 'body');
    t = 1000;
    expect(c.get('k', 1)).toBe('body');
    t = 1001;
    expect(c.get('k', 1)).toBeNull();
  });

  it('drops the oldest entries beyond its size', () => {
    const c = new VersionedCache(2);
    c.set('a', 1, 'A');
    c.set('b', 1, 'B');
    c.set('a', 1, 'A2');
    c.set('c', 1, 'C');
    expect(c.size).toBe(2);
    expect(c.get('b', 1)).toBeNull();
    expect(c.get('a', 1)).toBe('A2');
    expect(c.get('c', 1)).toBe('C');
  });
});
