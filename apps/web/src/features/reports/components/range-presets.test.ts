import { describe, expect, it } from 'vitest';
import { classSpan, dayError, presetOf, presetRange, rangeErrors, spanOf, termOf, validRange } from './range-presets';

const span = { start: '2026-09-01', end: '2027-07-15' };
// Wednesday 18 November 2026, local time.
const wed = new Date(2026, 10, 18);

describe('report range presets', () => {
  it('this week runs from Monday to today, also on a Sunday', () => {
    expect(presetRange('week', wed, span)).toEqual({ start: '2026-11-16', end: '2026-11-18' });
    expect(presetRange('week', new Date(2026, 10, 22), span)).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(presetRange('week', new Date(2026, 10, 16), span)).toEqual({ start: '2026-11-16', end: '2026-11-16' });
  });

  it('this week crosses a month and a year', () => {
    expect(presetRange('week', new Date(2027, 0, 1), span)).toEqual({ start: '2026-12-28', end: '2027-01-01' });
  });

  it('this month runs from the first to today', () => {
    expect(presetRange('month', wed, span)).toEqual({ start: '2026-11-01', end: '2026-11-18' });
  });

  it('terms: September–December, January–March, April–August', () => {
    expect(termOf(wed)).toEqual({ start: '2026-09-01', end: '2026-12-31' });
    expect(termOf(new Date(2027, 1, 10))).toEqual({ start: '2027-01-01', end: '2027-03-31' });
    expect(termOf(new Date(2027, 5, 30))).toEqual({ start: '2027-04-01', end: '2027-08-31' });
    expect(presetRange('term', wed, span)).toEqual({ start: '2026-09-01', end: '2026-11-18' });
  });

  it('the whole span is the class span', () => {
    expect(presetRange('span', wed, span)).toEqual(span);
  });

  it('recognises a preset, and calls anything else custom', () => {
    expect(presetOf({ start: '2026-11-01', end: '2026-11-18' }, wed, span)).toBe('month');
    expect(presetOf(span, wed, span)).toBe('span');
    expect(presetOf({ start: '2026-10-03', end: '2026-10-09' }, wed, span)).toBe('custom');
  });

  it('the span of several classes is the earliest start to the latest end', () => {
    expect(spanOf([span, { start: '2025-09-01T00:00:00Z', end: '2026-07-10' }])).toEqual({ start: '2025-09-01', end: '2027-07-15' });
    expect(spanOf([])).toBeNull();
  });

  it('a range needs both days in order', () => {
    expect(validRange({ start: '2026-09-01', end: '2026-09-01' })).toBe(true);
    expect(validRange({ start: '2026-09-02', end: '2026-09-01' })).toBe(false);
    expect(validRange({ start: '', end: '2026-09-01' })).toBe(false);
  });

  it('the whole span stops at today while the class runs, and is whole once it is over', () => {
    expect(classSpan([span], wed)).toEqual({ start: '2026-09-01', end: '2026-11-18' });
    expect(classSpan([span], new Date(2027, 8, 1))).toEqual(span);
    expect(classSpan([span], new Date(2026, 0, 1))).toEqual(span);
    expect(classSpan([], wed)).toBeNull();
  });
});

describe('typed ranges (DESIGN §9)', () => {
  it('tells a wrong form from a day that does not exist, and says nothing while a field is empty', () => {
    expect(dayError('')).toBeNull();
    expect(dayError('2026-09-01')).toBeNull();
    expect(dayError('30/02/2026')).toBe('noSuchDay');
    expect(dayError('31.04.2026')).toBe('noSuchDay');
    expect(dayError('1/9/26')).toBe('format');
    expect(dayError('soon')).toBe('format');
  });

  it('puts the range errors on the end, as the server does', () => {
    expect(rangeErrors({ start: '2026-09-30', end: '2026-09-01' })).toEqual({ start: null, end: 'endBeforeStart' });
    expect(rangeErrors({ start: '2010-01-01', end: '2026-09-01' })).toEqual({ start: null, end: 'tooLong' });
    expect(rangeErrors({ start: '30/02/2026', end: '2026-09-01' })).toEqual({ start: 'noSuchDay', end: null });
    expect(rangeErrors({ start: '2026-09-01', end: '' })).toEqual({ start: null, end: null });
    expect(rangeErrors({ start: '2026-09-01', end: '2026-09-30' })).toEqual({ start: null, end: null });
  });

  it('only a range the server takes is used', () => {
    expect(validRange({ start: '2026-09-01', end: '2026-09-01' })).toBe(true);
    expect(validRange({ start: '2010-01-01', end: '2026-09-01' })).toBe(false);
    expect(validRange({ start: '2026-09-01', end: '' })).toBe(false);
  });
});
