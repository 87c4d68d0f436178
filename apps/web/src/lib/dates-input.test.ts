import { describe, expect, it } from 'vitest';
import { dayDate, formatDate, parseDay, parseTime } from './dates';

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

describe('parseTime', () => {
  it('reads HH:mm on the 24-hour clock, and what people type for it', () => {
    expect(parseTime('07:30')).toBe('07:30');
    expect(parseTime('7:30')).toBe('07:30');
    expect(parseTime(' 19.30 ')).toBe('19:30');
    expect(parseTime('19,30')).toBe('19:30');
    expect(parseTime('19h30')).toBe('19:30');
    expect(parseTime('730')).toBe('07:30');
    expect(parseTime('0730')).toBe('07:30');
    expect(parseTime('7')).toBe('07:00');
    expect(parseTime('23:59')).toBe('23:59');
    expect(parseTime('00:00')).toBe('00:00');
    // Seconds (a browser's time value) are dropped; a Chinese keyboard's full-width digits and colon are digits.
    expect(parseTime('07:30:00')).toBe('07:30');
    expect(parseTime('１９：３０')).toBe('19:30');
  });

  it('reads a 12-hour time as what it means', () => {
    expect(parseTime('7:30 pm')).toBe('19:30');
    expect(parseTime('7:30 PM')).toBe('19:30');
    expect(parseTime('7:30 p. m.')).toBe('19:30');
    expect(parseTime('12 am')).toBe('00:00');
    expect(parseTime('12:15pm')).toBe('12:15');
    expect(parseTime('下午7:30')).toBe('19:30');
    expect(parseTime('上午 7:30')).toBe('07:30');
  });

  it('refuses what is no time of day', () => {
    for (const text of ['', '24:00', '25:00', '7:60', '7:3', '13 pm', '0 am', '12345', 'noon', '7:30 xm', '-7:30'])
      expect(parseTime(text), text).toBeNull();
  });
});
