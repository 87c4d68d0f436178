import { isoDay } from '../../lib/dates';
import { browserRegion, schoolYearSoFar, termOf, type DayRange } from '../../lib/school-terms';

/** The ranges a student's growth is read over (DESIGN §12), the first the server's own default. */
export const GROWTH_RANGES = ['span', 'term', 'months', 'year'] as const;
export type GrowthRangeChoice = (typeof GROWTH_RANGES)[number];

/** How many months "the last months" look back. */
const MONTHS = 3;

/**
 * The days of a choice on a day, up to that day (nothing later is rated yet); null for the span, which the server
 * decides: the class's start (the earliest of the student's classes) to today, as their report's default.
 */
export function growthRange(choice: GrowthRangeChoice, today = new Date(), region: string | null = browserRegion()): DayRange | null {
  const end = isoDay(today);
  switch (choice) {
    case 'span':
      return null;
    case 'term': {
      const t = termOf(today);
      return { start: t.start, end: t.end < end ? t.end : end };
    }
    case 'months': {
      // The same day three months back, or that month's last day when it has no such day (31 May → 28 or 29 February).
      const last = new Date(today.getFullYear(), today.getMonth() - MONTHS + 1, 0).getDate();
      return { start: isoDay(new Date(today.getFullYear(), today.getMonth() - MONTHS, Math.min(today.getDate(), last))), end };
    }
    case 'year':
      return schoolYearSoFar(today, region);
  }
}
