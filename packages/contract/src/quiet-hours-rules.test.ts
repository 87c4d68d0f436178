import { describe, expect, it } from 'vitest';
import { isTimeZone, quietUntil } from './quiet-hours-rules';

const family = (timeZone: string) => ({ quietHoursStart: '20:00', quietHoursEnd: '07:00', timeZone });

describe('quiet hours (DESIGN §11)', () => {
  it('holds a push from 20:00 to 07:00 local time, across midnight', () => {
    // 21:30 in Hong Kong (UTC+8) is 13:30 UTC; the hours end at 07:00 there, 23:00 UTC.
    expect(quietUntil(new Date('2026-11-27T13:30:00Z'), family('Asia/Hong_Kong'))?.toISOString()).toBe('2026-11-27T23:00:00.000Z');
    // 06:59 the next morning: one minute left.
    expect(quietUntil(new Date('2026-11-27T22:59:00Z'), family('Asia/Hong_Kong'))?.toISOString()).toBe('2026-11-27T23:00:00.000Z');
    // 07:00 and 19:59 are outside.
    expect(quietUntil(new Date('2026-11-27T23:00:00Z'), family('Asia/Hong_Kong'))).toBeNull();
    expect(quietUntil(new Date('2026-11-27T11:59:00Z'), family('Asia/Hong_Kong'))).toBeNull();
  });

  it('reads the zone, summer time included', () => {
    // 20:30 in Madrid in July (UTC+2) is 18:30 UTC; 07:00 there is 05:00 UTC.
    expect(quietUntil(new Date('2026-07-01T18:30:00Z'), family('Europe/Madrid'))?.toISOString()).toBe('2026-07-02T05:00:00.000Z');
    // The same UTC time is 19:30 in January (UTC+1): not quiet yet.
    expect(quietUntil(new Date('2026-01-15T18:30:00Z'), family('Europe/Madrid'))).toBeNull();
  });

  it('knows hours within one day, and none', () => {
    const nap = { quietHoursStart: '12:00', quietHoursEnd: '14:00', timeZone: 'UTC' };
    expect(quietUntil(new Date('2026-11-27T13:15:00Z'), nap)?.toISOString()).toBe('2026-11-27T14:00:00.000Z');
    expect(quietUntil(new Date('2026-11-27T14:00:00Z'), nap)).toBeNull();
    expect(quietUntil(new Date('2026-11-27T13:15:00Z'), { ...nap, quietHoursStart: null })).toBeNull();
    expect(quietUntil(new Date('2026-11-27T13:15:00Z'), { ...nap, quietHoursEnd: '12:00' })).toBeNull();
  });

  it('tells IANA zones from anything else', () => {
    expect(isTimeZone('Asia/Hong_Kong')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
