import { z } from 'zod';
import { isoDate, refSchema } from './common';
import type { Media } from './media';

/** With no range: the class's start to today, or the last 30 days when there is no class start (DESIGN §3). */
export const REPORT_DEFAULT_DAYS = 30;
/** Most recent attachments a report lists. */
export const REPORT_RECENT_MEDIA = 12;
/** Longest range a report covers, in days (ten school years); longer ranges answer 400. */
export const REPORT_MAX_DAYS = 3660;
/** What a report's range may be refused for (DESIGN §9); a malformed or impossible day is `V.date` on its field. */
export const REPORT_MESSAGES = {
  endBeforeStart: 'The end date must not be before the start date.',
  tooLong: `The range should be at most ${REPORT_MAX_DAYS} days (ten years).`,
} as const;
export type ReportRangeProblem = keyof typeof REPORT_MESSAGES;

const DAY_MS = 86_400_000;
/** Days from one YYYY-MM-DD to another, both read as midnight UTC so that no clock change adds or loses an hour. */
export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);

/**
 * What is wrong with a range of two valid days, or null: the one rule the server and the web's range picker share.
 * Both problems are the end's (it is the end that runs before the start or too far after it).
 */
export function reportRangeProblem(start: string, end: string): ReportRangeProblem | null {
  if (end < start) return 'endBeforeStart';
  if (daysBetween(start, end) > REPORT_MAX_DAYS) return 'tooLong';
  return null;
}

/** `?startDate=YYYY-MM-DD&endDate=YYYY-MM-DD`, and for a student `teachingClassId` (optional). */
export const reportQuery = z
  .object({ startDate: isoDate.optional(), endDate: isoDate.optional(), teachingClassId: refSchema.optional() })
  .strict()
  .superRefine((q, ctx) => {
    const problem = q.startDate && q.endDate ? reportRangeProblem(q.startDate, q.endDate) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['endDate'], message: REPORT_MESSAGES[problem] });
  });
export type ReportQuery = z.input<typeof reportQuery>;

/** Report exports. */
export const REPORT_FORMATS = ['pdf', 'spreadsheet'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportFigures {
  ratings: number;
  points: number;
}

export interface ReportAction extends ReportFigures {
  learningAction: string;
  name: string;
  translationKey: string | null;
}

export interface ReportSkill extends ReportFigures {
  learningSkill: string;
  name: string;
  translationKey: string | null;
  colorCode: string;
  /** The skill's icon URL (signed), or null. */
  icon: string | null;
  actions: ReportAction[];
}

export interface ReportStudentSkill extends ReportFigures {
  learningSkill: string;
}

export interface ReportStudent extends ReportFigures {
  teachingClassStudent: string;
  student: string;
  teachingClass: string;
  firstName: string;
  lastName: string | null;
  /** Of which whole-class ratings. */
  wholeClassRatings: number;
  /** The students × skills table. */
  skills: ReportStudentSkill[];
}

export interface ReportWeek extends ReportFigures {
  /** The Monday of the ISO week, YYYY-MM-DD. */
  week: string;
}

export interface ReportMedia {
  rating: string;
  date: string;
  learningSkill: string;
  isWholeClass: boolean;
  media: Media;
}

export interface ReportClassRef {
  '@id': string;
  id: number;
  name: string;
  start: string;
  end: string;
}

/** `GET /report/class/{id}` and `GET /report/student/{id}` (DESIGN §3). */
export interface Report {
  '@type': 'ClassReport' | 'StudentReport';
  start: string;
  end: string;
  school: { '@id': string; id: number; name: string } | null;
  /** The classes covered: one for a class report, every class of the student the user may see otherwise. */
  teachingClasses: ReportClassRef[];
  /** The Student (the person), for a student report. */
  student: { '@id': string; id: number; firstName: string; lastName: string | null } | null;
  /**
   * Class: each rating once however many students it names; `students` is how many of the class's students the
   * ratings count for (a whole-class rating counts for all). Student: each rating naming them and each whole-class
   * rating of their classes once; `students` is 1 when any counts, else 0.
   */
  totals: ReportFigures & { students: number; wholeClassRatings: number; average: number | null };
  skills: ReportSkill[];
  students: ReportStudent[];
  timeline: ReportWeek[];
  /** Most recent attachments first. */
  media: ReportMedia[];
}
