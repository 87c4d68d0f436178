import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../http/errors';
import { reportFileName } from './report-labels';
import { reportRange } from './reports.service';

describe('reportRange (DESIGN §3 defaults)', () => {
  const today = '2026-11-23';
  it('runs from the class start to today by default', () => {
    expect(reportRange({}, '2026-09-01', today)).toEqual({ start: '2026-09-01', end: today });
  });
  it('takes the last 30 days when the class has no start, or starts after the end', () => {
    expect(reportRange({}, null, today)).toEqual({ start: '2026-10-24', end: today });
    expect(reportRange({ endDate: '2026-08-31' }, '2026-09-01', today)).toEqual({ start: '2026-08-01', end: '2026-08-31' });
  });
  it('keeps a sensible end when only a future start is given', () => {
    expect(reportRange({ startDate: '2026-12-01' }, '2026-09-01', today)).toEqual({ start: '2026-12-01', end: '2026-12-01' });
  });
  it('refuses an end before the start and a range of more than ten years', () => {
    expect(() => reportRange({ startDate: '2026-10-01', endDate: '2026-09-01' }, null, today)).toThrow(ValidationError);
    expect(() => reportRange({ startDate: '2000-01-01', endDate: '2026-01-01' }, null, today)).toThrow(ValidationError);
  });
});

describe('reportFileName', () => {
  it('names the subject and range in safe characters', () => {
    const base = { start: '2026-09-01', end: '2026-09-30', teachingClasses: [{ name: 'Año 4 / Sunflowers' }], student: null };
    expect(reportFileName(base as never, 'pdf')).toBe('report-Ano-4-Sunflowers-2026-09-01-2026-09-30.pdf');
    expect(reportFileName({ ...base, student: { firstName: '陳', lastName: null } } as never, 'xlsx')).toBe(
      'report-report-2026-09-01-2026-09-30.xlsx',
    );
  });
});

describe('reportRange with one bound given (DESIGN §9)', () => {
  const today = '2026-11-23';
  const field = (q: { startDate?: string; endDate?: string }) => {
    try {
      reportRange(q, '1990-01-01', today);
      return null;
    } catch (e) {
      return (e as ValidationError).violations.map((v) => v.propertyPath);
    }
  };
  it('names the bound that was given when the default other one makes the range too long', () => {
    expect(field({ startDate: '2000-01-01' })).toEqual(['startDate']);
    expect(field({ endDate: '2026-01-01' })).toEqual(['endDate']);
    expect(field({ endDate: '1999-06-01' })).toBeNull();
  });
});
