import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeEntry } from './report-pdf-layout';
import { planColumns } from './report-pdf-table';

const page = { top: 50, bottom: 772 };

describe('placeEntry: pages break between ratings, never through a photo', () => {
  it('keeps a rating that fits where it is, and moves one that does not to a new page whole', () => {
    expect(placeEntry(100, { lead: 20, text: 60, rows: Array(2).fill(130) }, page)).toMatchObject({ newPage: false, lead: 100, text: 120 });
    const moved = placeEntry(600, { lead: 0, text: 60, rows: Array(2).fill(130) }, page);
    expect(moved).toMatchObject({
      newPage: true,
      text: 50,
      rows: [
        { y: 110, newPage: false },
        { y: 240, newPage: false },
      ],
      end: 370,
    });
  });

  it('breaks a rating taller than a page between its rows of photos', () => {
    const tall = placeEntry(50, { lead: 0, text: 100, rows: Array(7).fill(130) }, page);
    expect(tall.newPage).toBe(false);
    expect(tall.rows.map((r) => r.newPage)).toEqual([false, false, false, false, true, false, false]);
    expect(tall.rows[4]!.y).toBe(page.top);
    // Lower on a page, it starts there when its texts and first row fit, rather than leave the rest of the page empty.
    const below = placeEntry(300, { lead: 20, text: 60, rows: [190, 190, 190, 190] }, page);
    expect(below).toMatchObject({ newPage: false, text: 320 });
    expect(below.rows.map((r) => [r.y, r.newPage])).toEqual([
      [380, false],
      [570, false],
      [page.top, true],
      [page.top + 190, false],
    ]);
    expect(placeEntry(600, { lead: 20, text: 60, rows: [190, 190, 190, 190] }, page).newPage).toBe(true);
  });

  it('never lets a row of photos cross the bottom of a page, and never splits what fits on one page', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: page.top, max: page.bottom }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 20, max: 300 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 60, max: 200 }),
        (y, lead, text, rows, rowHeight) => {
          const plan = placeEntry(y, { lead, text, rows: Array<number>(rows).fill(rowHeight) }, page);
          for (const r of plan.rows) expect(r.y + rowHeight).toBeLessThanOrEqual(page.bottom);
          const whole = lead + text + rows * rowHeight;
          if (whole <= page.bottom - page.top) expect(plan.rows.every((r) => !r.newPage)).toBe(true);
          if (y + whole <= page.bottom) expect(plan.newPage).toBe(false);
          // Rows follow the text and each other without overlapping.
          let at = plan.text + text;
          for (const r of plan.rows) {
            expect(r.newPage ? r.y === page.top : r.y >= at).toBe(true);
            at = r.y + rowHeight;
          }
        },
      ),
    );
  });
});

describe('planColumns: tables split columns rather than cut them', () => {
  it('fits a narrow table in one group and splits a wide one, repeating the first column', () => {
    expect(planColumns([100, 50, 50], [120, 50, 50], 400)).toEqual([{ columns: [0, 1, 2], widths: [300, 50, 50] }]);
    const wide = planColumns([100, 60, 60, 60, 60, 60, 60], [100, 60, 60, 60, 60, 60, 60], 300);
    expect(wide.map((g) => g.columns)).toEqual([
      [0, 1, 2, 3],
      [0, 4, 5, 6],
    ]);
  });

  it('gives every column at least its minimum, fills the width, and places each column once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 20, max: 200 }), { minLength: 1, maxLength: 14 }), (minimum) => {
        const groups = planColumns(
          minimum,
          minimum.map((m) => m + 30),
          495,
        );
        const placed = groups.flatMap((g) => g.columns.slice(1));
        expect(placed.sort((a, b) => a - b)).toEqual([...minimum.keys()].slice(1));
        for (const g of groups) {
          g.columns.forEach((c, i) => expect(g.widths[i]!).toBeGreaterThanOrEqual(minimum[c]! - 1e-9));
          const total = g.widths.reduce((a, b) => a + b, 0);
          if (g.columns.reduce((a, c) => a + minimum[c]!, 0) <= 495) expect(total).toBeCloseTo(495);
        }
      }),
    );
  });
});
