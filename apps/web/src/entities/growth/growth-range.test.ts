import { describe, expect, it } from 'vitest';
import { growthRange } from './growth-range';

describe("a student's growth range (DESIGN §12)", () => {
  const wed = new Date(2026, 10, 18);

  it('leaves the span to the server (the class start to today)', () => {
    expect(growthRange('span', wed, null)).toBeNull();
  });

  it('reads this term up to today, and the last three months from the same day', () => {
    expect(growthRange('term', wed, null)).toEqual({ start: '2026-09-01', end: '2026-11-18' });
    expect(growthRange('months', wed, null)).toEqual({ start: '2026-08-18', end: '2026-11-18' });
    // A day the month three back does not have is its last.
    expect(growthRange('months', new Date(2027, 4, 31), null)).toEqual({ start: '2027-02-28', end: '2027-05-31' });
    expect(growthRange('months', new Date(2028, 4, 31), null)).toEqual({ start: '2028-02-29', end: '2028-05-31' });
  });

  it('reads the school year under way, where it starts in September or in February', () => {
    expect(growthRange('year', wed, null)).toEqual({ start: '2026-09-01', end: '2026-11-18' });
    expect(growthRange('year', new Date(2027, 2, 3), 'GB')).toEqual({ start: '2026-09-01', end: '2027-03-03' });
    expect(growthRange('year', new Date(2027, 2, 3), 'AU')).toEqual({ start: '2027-02-01', end: '2027-03-03' });
    // In August the coming year is not yet under way: the range looks back to the one ending.
    expect(growthRange('year', new Date(2027, 7, 20), 'GB')).toEqual({ start: '2026-09-01', end: '2027-08-20' });
    expect(growthRange('year', new Date(2027, 0, 20), 'AU')).toEqual({ start: '2026-02-01', end: '2027-01-20' });
  });
});
