import { REPORT_MESSAGES, V } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { API, withClassRoles } from '../../../test/classes';

// DESIGN §9: a range that names no days is refused alike on the JSON, PDF and spreadsheet routes, class and student,
// before any report is made, with a violation naming the field to correct.
const t = withClassRoles();

const CASES = [
  ['an end before the start', 'startDate=2026-09-30&endDate=2026-09-01', 'endDate', REPORT_MESSAGES.endBeforeStart],
  ['a range over ten years', 'startDate=2016-01-01&endDate=2026-09-01', 'endDate', REPORT_MESSAGES.tooLong],
  ['a start over ten years before today', 'startDate=1999-01-01', 'startDate', REPORT_MESSAGES.tooLong],
  ['a start that does not exist', 'startDate=2026-02-30&endDate=2026-03-31', 'startDate', V.date],
  ['an end that does not exist', 'startDate=2026-02-01&endDate=2026-02-29', 'endDate', V.date],
  ['a day in the wrong format', 'startDate=01/09/2026', 'startDate', V.date],
  ['a word for a day', 'end_date=soon', 'endDate', V.date],
] as const;

describe('report ranges', () => {
  const routes = () =>
    ['', '/pdf', '/spreadsheet'].flatMap((kind) => [
      `/report${kind}/class/${t.w.cls.id}`,
      `/report${kind}/student/${Number(t.w.first.student.split('/').pop())}`,
    ]);

  it.each(CASES)('answers 400 for %s on every report route', async (_what, qs, field, message) => {
    for (const path of routes()) {
      const res = await t.s.api('GET', `${API}${path}?${qs}`, { token: t.w.creator.token });
      expect(res.statusCode, path).toBe(400);
      expect(res.json(), path).toMatchObject({
        '@type': 'ConstraintViolationList',
        violations: [{ propertyPath: field, message }],
      });
    }
  });

  it('takes a range of exactly the longest length, and a leap day that exists', async () => {
    // The PDF of ten years' weeks is the PDF's own test's business; the range is read by the same code for all three.
    for (const path of routes().filter((p) => !p.includes('/pdf/'))) {
      const res = await t.s.api('GET', `${API}${path}?startDate=2016-02-21&endDate=2026-02-28`, { token: t.w.creator.token });
      expect(res.statusCode, path).toBe(200);
    }
    const leap = await t.s.api('GET', `${API}/report/class/${t.w.cls.id}?startDate=2024-02-29&endDate=2024-03-01`, {
      token: t.w.creator.token,
    });
    expect(leap.statusCode).toBe(200);
  });
});
