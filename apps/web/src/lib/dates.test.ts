import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, isoDay } from './dates';

describe('dates', () => {
  it('shows a calendar day as dd/MM/yyyy without shifting it by the time zone', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
  });
  it('shows times as two-digit hours and minutes', () => {
    const d = new Date(2026, 2, 4, 7, 5);
    expect(formatTime(d)).toBe('07:05');
    expect(formatDateTime(d)).toBe('04/03/2026 07:05');
  });
  it('answers an empty string for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatTime(undefined)).toBe('');
  });
  it('round-trips a local day', () => {
    expect(isoDay(new Date(2026, 10, 3))).toBe('2026-11-03');
  });
});
