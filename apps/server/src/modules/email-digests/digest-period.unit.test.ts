import { describe, expect, it } from 'vitest';
import { latestPeriod } from './digest-period';

describe('the period a digest is due for (DESIGN §11: Friday 16:00 in the reader zone)', () => {
  it('weekly: the last Friday 16:00 local, this Friday once it is past 16:00', () => {
    // Friday 2026-10-09 15:59 in Hong Kong (UTC+8) is before the time: the week before.
    const before = latestPeriod(new Date('2026-10-09T07:59:00Z'), 'weekly', 'Asia/Hong_Kong');
    expect(before.key).toBe('weekly:2026-10-02');
    expect(before.due.toISOString()).toBe('2026-10-02T08:00:00.000Z');
    const after = latestPeriod(new Date('2026-10-09T08:00:00Z'), 'weekly', 'Asia/Hong_Kong');
    expect(after.key).toBe('weekly:2026-10-09');
    expect(after.due.toISOString()).toBe('2026-10-09T08:00:00.000Z');
    expect(after.start.toISOString()).toBe('2026-10-02T08:00:00.000Z');
    // Tuesday in Madrid (UTC+2 in October): the Friday before.
    expect(latestPeriod(new Date('2026-10-13T10:00:00Z'), 'weekly', 'Europe/Madrid')).toMatchObject({
      key: 'weekly:2026-10-09',
      due: new Date('2026-10-09T14:00:00Z'),
    });
  });

  it('daily: 16:00 local today, or yesterday before then; the local date names it across midnight UTC', () => {
    expect(latestPeriod(new Date('2026-10-05T20:00:00Z'), 'daily', 'UTC').key).toBe('daily:2026-10-05');
    expect(latestPeriod(new Date('2026-10-05T12:00:00Z'), 'daily', 'UTC').key).toBe('daily:2026-10-04');
    // 2026-10-05 23:30 UTC is 07:30 on the 6th in Hong Kong: the 5th's digest (16:00 HK = 08:00 UTC).
    const hk = latestPeriod(new Date('2026-10-05T23:30:00Z'), 'daily', 'Asia/Hong_Kong');
    expect(hk).toMatchObject({ key: 'daily:2026-10-05', due: new Date('2026-10-05T08:00:00Z') });
    // An unknown zone reads as UTC.
    expect(latestPeriod(new Date('2026-10-05T20:00:00Z'), 'daily', 'Nowhere/Else').key).toBe('daily:2026-10-05');
  });
});
