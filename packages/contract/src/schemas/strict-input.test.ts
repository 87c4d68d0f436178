import { describe, expect, it } from 'vitest';
import { V, calendarDate, digitsInteger, isoDate, validDatePart } from './common';
import { filter, listQuery } from './filters';
import { mediaTypeSchema } from './media';
import { needsPrivacyAgreement } from '../privacy-policy';

describe('dates are valid dates, never cut to a day', () => {
  it.each([
    '2026-01-01T25:99:99Z',
    '2026-02-30',
    '2026-02-29',
    '2026-13-01',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60:00Z',
    '2026-01-01T10:00:60Z',
    '2026-01-01T10:00:00+25:00',
    '2026-01-01T10:00:00+01:99',
    '2026-01-01x',
    '2026-01-01T',
    '2026-1-1',
    ' 2026-01-01',
    '2026-01-01T10:00:00ZZ',
    '',
  ])('%j is refused', (v) => {
    expect(validDatePart(v)).toBeNull();
    const r = isoDate.safeParse(v);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(V.date);
  });

  it.each([
    ['2026-01-01', '2026-01-01'],
    ['2024-02-29', '2024-02-29'],
    ['2026-01-01T23:59:59Z', '2026-01-01'],
    ['2026-01-01T10:00:00.123+01:00', '2026-01-01'],
    ['2026-01-01 10:00', '2026-01-01'],
    ['2026-01-01T00:00:00-0530', '2026-01-01'],
  ])('%s is the day %s', (v, day) => expect(isoDate.parse(v)).toBe(day));

  it('keeps dates between the range ends', () => {
    expect(isoDate.safeParse('0000-01-01').error?.issues[0]?.message).toBe(V.dateRange);
    expect(isoDate.safeParse('2000-02-29').success).toBe(true);
    expect(isoDate.safeParse('2100-02-29').error?.issues[0]?.message).toBe(V.date);
    expect(isoDate.safeParse('1899-12-31').error?.issues[0]?.message).toBe(V.dateRange);
    expect(isoDate.safeParse('2201-01-01').error?.issues[0]?.message).toBe(V.dateRange);
  });

  it('reads a calendar date only as YYYY-MM-DD', () => {
    expect(calendarDate.parse('2026-11-24')).toBe('2026-11-24');
    expect(calendarDate.safeParse('2026-11-24T00:00:00Z').success).toBe(false);
    expect(calendarDate.safeParse('2026-11-31').success).toBe(false);
  });

  it('refuses bad dates in date[after] / date[before] filters', () => {
    const q = listQuery({ date: filter.dateRange() });
    expect(q.schema.safeParse({ date: { after: '2026-01-01T25:99:99Z' } }).success).toBe(false);
    expect(q.schema.safeParse({ date: { before: '2026-02-30' } }).success).toBe(false);
    expect(q.schema.parse({ date: { after: '2026-01-01' } }).date).toEqual({ after: '2026-01-01' });
  });
});

describe('integers in query strings and form fields are plain digits', () => {
  const int = digitsInteger(1, 2147483647);
  it.each([
    '3.4e1',
    '1.0',
    '1e3',
    ' 1',
    '1 ',
    '+1',
    '-1',
    '0x1f',
    '0',
    '2147483648',
    '9007199254740993',
    '99999999999999999999',
    '',
    '1_000',
  ])('%j is refused', (v) => expect(int.safeParse(v).success).toBe(false));

  it('reads digits', () => {
    expect(int.parse('34')).toBe(34);
    expect(int.parse('2147483647')).toBe(2147483647);
  });

  it('applies to ids, pages and media types', () => {
    const q = listQuery({ id: filter.ids() });
    expect(q.schema.safeParse({ id: ['3.4e1'] }).success).toBe(false);
    expect(q.schema.safeParse({ page: '1.0' }).success).toBe(false);
    expect(q.schema.safeParse({ itemsPerPage: '1e3' }).success).toBe(false);
    expect(q.schema.parse({ id: ['7'], page: '2' })).toMatchObject({ id: [7], page: 2 });
    expect(mediaTypeSchema.safeParse('3.4e1').success).toBe(false);
    expect(mediaTypeSchema.safeParse('34.0').success).toBe(false);
    expect(mediaTypeSchema.parse('34')).toBe(34);
  });
});

describe('who must agree to the privacy policy', () => {
  it('asks who never agreed or agreed before the policy date', () => {
    expect(needsPrivacyAgreement(null, '2026-11-24')).toBe(true);
    expect(needsPrivacyAgreement('2026-11-23T23:59:59.000Z', '2026-11-24')).toBe(true);
    expect(needsPrivacyAgreement('2026-11-24T00:00:00.000Z', '2026-11-24')).toBe(false);
    expect(needsPrivacyAgreement('2026-12-01T10:00:00+00:00', '2026-11-24')).toBe(false);
  });
});
