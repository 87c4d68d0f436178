import { describe, expect, it } from 'vitest';
import { grownPoints } from './demo-ratings';

describe("the demo's points (DESIGN §12: growth to show)", () => {
  it('stay 1 to 5 and rise over the term', () => {
    const draws = Array.from({ length: 101 }, (_, i) => i / 101);
    const mean = (progress: number) => draws.reduce((n, r) => n + grownPoints(r, progress), 0) / draws.length;
    for (const r of draws) for (const p of [0, 0.5, 1]) expect([1, 2, 3, 4, 5]).toContain(grownPoints(r, p));
    expect(mean(0)).toBeLessThan(2);
    expect(mean(1)).toBeGreaterThan(4);
  });
});
