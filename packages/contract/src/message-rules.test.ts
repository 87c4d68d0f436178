import { describe, expect, it } from 'vitest';
import { cleanMessageText, nextOfficeHoursStart } from './message-rules';

const WEEKDAYS = { days: [1, 2, 3, 4, 5], start: '07:30', end: '16:00' };

describe('office hours (DESIGN §11)', () => {
  it('inside them: no wait', () => {
    // Wednesday 2026-03-04 10:00 in Hong Kong (UTC+8).
    expect(nextOfficeHoursStart(new Date('2026-03-04T02:00:00Z'), WEEKDAYS, 'Asia/Hong_Kong')).toBeNull();
  });
  it('after hours: the next working morning, in the creator’s zone', () => {
    // Wednesday 18:00 in Hong Kong → Thursday 07:30 there.
    expect(nextOfficeHoursStart(new Date('2026-03-04T10:00:00Z'), WEEKDAYS, 'Asia/Hong_Kong')?.toISOString()).toBe(
      '2026-03-04T23:30:00.000Z',
    );
    // Before the start on a working day → that morning.
    expect(nextOfficeHoursStart(new Date('2026-03-04T21:00:00Z'), WEEKDAYS, 'Asia/Hong_Kong')?.toISOString()).toBe(
      '2026-03-04T23:30:00.000Z',
    );
  });
  it('over a weekend, across a change of clocks', () => {
    // Friday 2026-03-27 17:00 in Madrid (UTC+1); clocks go to UTC+2 on Sunday 29th → Monday 07:30 is 05:30Z.
    expect(nextOfficeHoursStart(new Date('2026-03-27T16:00:00Z'), WEEKDAYS, 'Europe/Madrid')?.toISOString()).toBe(
      '2026-03-30T05:30:00.000Z',
    );
  });
  it('none set, or an unknown zone read as UTC', () => {
    expect(nextOfficeHoursStart(new Date(), null, 'UTC')).toBeNull();
    expect(nextOfficeHoursStart(new Date('2026-03-07T12:00:00Z'), WEEKDAYS, 'Nowhere/Else')?.toISOString()).toBe(
      '2026-03-09T07:30:00.000Z',
    );
  });
});

describe('message text', () => {
  it('keeps lines, drops controls and trailing spaces', () => {
    expect(cleanMessageText('  Hi\r\nthere \u0007\t\n\n\n\n\nbye \u0000 ')).toBe('Hi\nthere\n\n\nbye');
    expect(cleanMessageText(' \n\t ')).toBe('');
  });
});
