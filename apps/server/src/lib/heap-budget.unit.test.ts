import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { HeapBudget } from './heap-budget';

const used = () => v8.getHeapStatistics().used_heap_size;
/** About `mb` MB of small objects on the heap, kept while the caller holds them. */
const objects = (mb: number) => Array.from({ length: (mb * 1e6) / 64 }, (_, i) => ({ i, s: `x${i}` }));

describe('HeapBudget', () => {
  it('leaves a heap that grew less than its budget alone', () => {
    const budget = new HeapBudget(200);
    const kept = objects(20);
    budget.check();
    expect(budget.collections).toBe(0);
    expect(kept.length).toBeGreaterThan(0);
  });

  it('collects the garbage of the units before once the heap grew by its budget, and keeps what is live', () => {
    const budget = new HeapBudget(16);
    let garbage: unknown[] | null = objects(40);
    const live = objects(4);
    const before = used();
    garbage = null;
    budget.check();
    expect(garbage).toBeNull();
    expect(budget.collections).toBe(1);
    expect(used()).toBeLessThan(before - 20e6);
    expect(live[live.length - 1]).toBeTruthy();
    // Measured again from what is left: the next unit's small growth collects nothing.
    budget.check();
    expect(budget.collections).toBe(1);
  });
});
