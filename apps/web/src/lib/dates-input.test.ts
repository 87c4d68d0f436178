import { describe, expect, it } from 'vitest';
import { dayDate, formatDate, parseDay } from './dates';

describe('parseDay', () => {
  it('reads dd/MM/yyyy as the app prints it, with other separators and one-digit parts', () => {
    expect(parseDay('31/12/2026')).toBe('2026-12-31');
    expect(parseDay('1.2.2026')).toBe('2026-02-01');
    expect(parseDay(' 05-01-2026 ')).toBe('2026-01-05');
  });

  it('refuses impossible days, month-first guesses and partial input', () => {
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('12/31/2026')).toBeNull();
    expect(parseDay('2026-12-31')).toBeNull();
    expect(parseDay('31/12')).toBeNull();
    expect(parseDay('')).toBeNull();
  });

  it('round-trips with formatDate, and dayDate reads only whole days', () => {
    expect(parseDay(formatDate('2026-03-09'))).toBe('2026-03-09');
    expect(dayDate('2026-03-09')?.getDate()).toBe(9);
    expect(dayDate('09/03/2026')).toBeNull();
  });
});
