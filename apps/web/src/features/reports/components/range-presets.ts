import { reportRangeProblem } from '@skillroom/contract/rules';
import { isoDay } from '../../../lib/dates';
import { termOf } from '../../../lib/school-terms';

/** A report's range, both days included, as YYYY-MM-DD. */
export interface Range {
  start: string;
  end: string;
}

export const PRESETS = ['week', 'month', 'term', 'span'] as const;
export type Preset = (typeof PRESETS)[number];

// The term is the school's (lib/school-terms), which the student page's growth range reads too.
export { termOf };

/**
 * The range of a preset on a given day. Week (from Monday), month and term run up to today, since nothing later has
 * been rated yet; the span is the class's (or, for a student, their classes') whole span.
 */
export function presetRange(preset: Preset, today: Date, span: Range): Range {
  const end = isoDay(today);
  switch (preset) {
    case 'week': {
      const monday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ((today.getDay() + 6) % 7));
      return { start: isoDay(monday), end };
    }
    case 'month':
      return { start: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), end };
    case 'term': {
      const t = termOf(today);
      return { start: t.start, end: t.end < end ? t.end : end };
    }
    case 'span':
      return span;
  }
}

/** Which preset a range is, or 'custom' when it is none of them. */
export function presetOf(range: Range, today: Date, span: Range): Preset | 'custom' {
  return (
    PRESETS.find((p) => {
      const r = presetRange(p, today, span);
      return r.start === range.start && r.end === range.end;
    }) ?? 'custom'
  );
}

/** The span of several classes: the earliest start to the latest end. */
export function spanOf(classes: { start: string; end: string }[]): Range | null {
  if (classes.length === 0) return null;
  return {
    start: classes.map((c) => c.start.slice(0, 10)).reduce((a, b) => (b < a ? b : a)),
    end: classes.map((c) => c.end.slice(0, 10)).reduce((a, b) => (b > a ? b : a)),
  };
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
// Day, month and year as a person types them (what lib/dates parseDay reads), whether or not the day exists.
const TYPED_DAY = /^\s*\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\s*$/;

/** What can be wrong with a typed range (DESIGN §9): a day's form, a day that does not exist, or the range itself. */
export type RangeError = 'format' | 'noSuchDay' | 'endBeforeStart' | 'tooLong';

/**
 * What is wrong with one field's value: the date field hands over YYYY-MM-DD for a day it could read, '' when empty,
 * and the text as typed otherwise. Empty is not an error yet (nothing was typed).
 */
export function dayError(value: string): RangeError | null {
  if (value === '' || ISO.test(value)) return null;
  return TYPED_DAY.test(value) ? 'noSuchDay' : 'format';
}

/** Each field's error, the range's own (end before start, over ten years) on the end, as the server names it. */
export function rangeErrors(r: Range): { start: RangeError | null; end: RangeError | null } {
  const start = dayError(r.start);
  const end = dayError(r.end);
  if (start || end || !ISO.test(r.start) || !ISO.test(r.end)) return { start, end };
  return { start: null, end: reportRangeProblem(r.start, r.end) };
}

/** A range is usable when both days are set and form a range the server takes (the same rule, from the contract). */
export const validRange = (r: Range) => ISO.test(r.start) && ISO.test(r.end) && reportRangeProblem(r.start, r.end) === null;

/** The range an address asks for (`?startDate&endDate`), or null when it names none the server takes (its default then). */
export function rangeFrom(params: URLSearchParams): Range | null {
  const r = { start: params.get('startDate') ?? '', end: params.get('endDate') ?? '' };
  return validRange(r) ? r : null;
}

/**
 * The "whole span" preset: the classes' span up to today at the latest, since nothing later has been rated (so it is
 * also the server's default range, DESIGN §3).
 */
export function classSpan(classes: { start: string; end: string }[], today: Date): Range | null {
  const s = spanOf(classes);
  if (!s) return null;
  const t = isoDay(today);
  return s.end > t && s.start <= t ? { start: s.start, end: t } : s;
}
