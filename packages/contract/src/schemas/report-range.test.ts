import { describe, expect, it } from 'vitest';
import { REPORT_MAX_DAYS, REPORT_MESSAGES, daysBetween, reportRangeProblem } from '../report-range-rules';
import { reportQuery } from './report';
import { V } from './common';

describe('reportRangeProblem (DESIGN §9)', () => {
  it('takes a range of one day up to the longest', () => {
    expect(reportRangeProblem('2026-09-01', '2026-09-01')).toBeNull();
    expect(reportRangeProblem('2016-02-21', '2026-02-28')).toBeNull();
    expect(daysBetween('2016-02-21', '2026-02-28')).toBe(REPORT_MAX_DAYS);
  });
  it('refuses an end before the start, and a day more than the longest', () => {
    expect(reportRangeProblem('2026-09-02', '2026-09-01')).toBe('endBeforeStart');
    expect(reportRangeProblem('2016-02-20', '2026-02-28')).toBe('tooLong');
  });
  it('counts days across clock changes and leap days', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });
});

describe('reportQuery', () => {
  const issues = (q: Record<string, unknown>) => {
    const r = reportQuery.safeParse(q);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('reads two valid days and an optional class', () => {
    expect(reportQuery.parse({ startDate: '2026-09-01', endDate: '2026-09-30', teachingClassId: '3' })).toEqual({
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      teachingClassId: 3,
    });
  });
  it.each([
    [{ startDate: '2026-02-30' }, 'startDate', V.date],
    [{ endDate: '2026-13-01' }, 'endDate', V.date],
    [{ startDate: '1/9/2026' }, 'startDate', V.date],
    [{ startDate: '2026-09-30', endDate: '2026-09-01' }, 'endDate', REPORT_MESSAGES.endBeforeStart],
    [{ startDate: '2000-01-01', endDate: '2026-09-01' }, 'endDate', REPORT_MESSAGES.tooLong],
  ])('refuses %o naming %s', (q, field, message) => {
    expect(issues(q)).toEqual([[field, message]]);
  });
});
