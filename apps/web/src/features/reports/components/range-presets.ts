import { isoDay } from '../../../lib/dates';

/** A report's range, both days included, as YYYY-MM-DD. */
export interface Range {
  start: string;
  end: string;
}

export const PRESETS = ['week', 'month', 'term', 'span'] as const;
export type Preset = (typeof PRESETS)[number];

const day = (y: number, m: number, d: number) => isoDay(new Date(y, m, d));

/**
 * The school term around a day. Terms differ between schools; the common northern-hemisphere split is used:
 * September to December, January to March, April to August.
 */
export function termOf(today: Date): Range {
  const y = today.getFullYear();
  const m = today.getMonth();
  if (m >= 8) return { start: day(y, 8, 1), end: day(y, 11, 31) };
  if (m <= 2) return { start: day(y, 0, 1), end: day(y, 2, 31) };
  return { start: day(y, 3, 1), end: day(y, 7, 31) };
}

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
      return { start: day(today.getFullYear(), today.getMonth(), 1), end };
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

/** A range is usable when both days are set and the end is not before the start. */
export const validRange = (r: Range) => /^\d{4}-\d{2}-\d{2}$/.test(r.start) && /^\d{4}-\d{2}-\d{2}$/.test(r.end) && r.start <= r.end;

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
