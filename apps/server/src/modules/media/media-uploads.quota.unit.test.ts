import { describe, expect, it } from 'vitest';
import { KeyedLock } from './media-uploads.quota';

describe('KeyedLock (one creation at a time per user)', () => {
  it('lets one holder in per key, the next when it leaves, other keys at once, and forgets a key nobody holds', async () => {
    const lock = new KeyedLock();
    const order: string[] = [];
    const first = await lock.acquire(1);
    const second = lock.acquire(1).then((release) => {
      order.push('second');
      return release;
    });
    const other = await lock.acquire(2);
    order.push('other');
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['other']);
    first();
    first(); // a second release is nothing
    (await second)();
    other();
    expect(order).toEqual(['other', 'second']);
    expect(lock.size).toBe(0);
  });
});
