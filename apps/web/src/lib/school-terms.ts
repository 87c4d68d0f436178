import { regionOf, schoolYearOf } from '@skillroom/contract/rules';
import { isoDay } from './dates';

/** A range of days, both included, as YYYY-MM-DD. */
export interface DayRange {
  start: string;
  end: string;
}

const day = (y: number, m: number, d: number) => isoDay(new Date(y, m, d));

/** The region the browser's language names (`es-AR`), which says when its school year starts. */
export const browserRegion = () =>
  typeof navigator === 'undefined' ? null : regionOf(navigator.languages?.[0] ?? navigator.language ?? '');

/**
 * The school term around a day. Terms differ between schools; the common northern-hemisphere split is used:
 * September to December, January to March, April to August.
 */
export function termOf(today: Date): DayRange {
  const y = today.getFullYear();
  const m = today.getMonth();
  if (m >= 8) return { start: day(y, 8, 1), end: day(y, 11, 31) };
  if (m <= 2) return { start: day(y, 0, 1), end: day(y, 2, 31) };
  return { start: day(y, 3, 1), end: day(y, 7, 31) };
}

/**
 * The school year under way on a day, from its first day (1 September, or 1 February where the year starts then) up
 * to that day. schoolYearOf looks a month ahead, as a class made in the holidays is for the coming year; a range of
 * what happened looks back.
 */
export function schoolYearSoFar(today: Date, region: string | null): DayRange {
  let { start } = schoolYearOf(today, region);
  if (isoDay(start) > isoDay(today)) start = new Date(start.getFullYear() - 1, start.getMonth(), 1);
  return { start: isoDay(start), end: isoDay(today) };
}
