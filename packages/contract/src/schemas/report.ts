import { z } from 'zod';
import { isoDate, refSchema } from './common';
import type { Media } from './media';
import { REPORT_MESSAGES, reportRangeProblem } from '../report-range-rules';

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
  /** Null on the row of the skill's ratings that name no action (DESIGN §14): `REPORT_SKILL_AS_WHOLE`. */
  learningAction: string | null;
  name: string;
  translationKey: string | null;
}

/** The name of a skill's row of ratings of the skill as a whole, after its actions (translated like catalogue names). */
export const REPORT_SKILL_AS_WHOLE = { name: '(skill as a whole)', translationKey: 'report.skill_as_whole' } as const;

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
