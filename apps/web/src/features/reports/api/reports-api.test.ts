import { describe, expect, it } from 'vitest';
import { reportPath } from './reports-api';

describe('report calls (DESIGN §3)', () => {
  it('class and student reports, JSON and files, with the range and the class', () => {
    expect(reportPath({ kind: 'class', id: 3 }, null)).toBe('/report/class/3');
    expect(reportPath({ kind: 'class', id: 3 }, { start: '2026-09-01', end: '2026-09-30' }, 'pdf')).toBe(
      '/report/pdf/class/3?startDate=2026-09-01&endDate=2026-09-30',
    );
    expect(reportPath({ kind: 'student', id: 8, classId: 3 }, null, 'spreadsheet')).toBe('/report/spreadsheet/student/8?teachingClassId=3');
    expect(reportPath({ kind: 'student', id: 8, classId: null }, null)).toBe('/report/student/8');
  });
});
