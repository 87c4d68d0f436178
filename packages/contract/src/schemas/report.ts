import { z } from 'zod';
import { isoDate, refSchema } from './common';
import { mediaSchema } from './media';
import { stageSchema } from './learning-skill';
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

const figures = { ratings: z.number().int(), points: z.number() };
export type ReportFigures = { ratings: number; points: number };

/** The name of a skill's row of ratings of the skill as a whole, after its actions (translated like catalogue names). */
export const REPORT_SKILL_AS_WHOLE = { name: '(skill as a whole)', translationKey: 'report.skill_as_whole' } as const;

const reportActionSchema = z.strictObject({
  ...figures,
  /** Null on the row of the skill's ratings that name no action (DESIGN §14): `REPORT_SKILL_AS_WHOLE`. */
  learningAction: z.string().nullable(),
  name: z.string(),
  translationKey: z.string().nullable(),
});
export type ReportAction = z.output<typeof reportActionSchema>;

const reportSkillSchema = z.strictObject({
  ...figures,
  learningSkill: z.string(),
  name: z.string(),
  translationKey: z.string().nullable(),
  colorCode: z.string(),
  /** The skill's icon URL (signed), or null. */
  icon: z.string().nullable(),
  /** DESIGN §12: the average points of its ratings (null for none), and the stage of the skill they reach. */
  average: z.number().nullable(),
  stage: stageSchema.nullable(),
  actions: z.array(reportActionSchema),
});
export type ReportSkill = z.output<typeof reportSkillSchema>;

const reportStudentSkillSchema = z.strictObject({ ...figures, learningSkill: z.string() });
export type ReportStudentSkill = z.output<typeof reportStudentSkillSchema>;

const reportStudentSchema = z.strictObject({
  ...figures,
  teachingClassStudent: z.string(),
  student: z.string(),
  teachingClass: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  /** Of which whole-class ratings. */
  wholeClassRatings: z.number().int(),
  /** Of which home ratings: a family's home observations a teacher approved (DESIGN §11, "at home"). */
  atHome: z.number().int(),
  /** The students × skills table. */
  skills: z.array(reportStudentSkillSchema),
});
export type ReportStudent = z.output<typeof reportStudentSchema>;

/** `week`: the Monday of the ISO week, YYYY-MM-DD. */
const reportWeekSchema = z.strictObject({ ...figures, week: z.string() });
export type ReportWeek = z.output<typeof reportWeekSchema>;

const reportMediaSchema = z.strictObject({
  rating: z.string(),
  date: z.string(),
  learningSkill: z.string(),
  isWholeClass: z.boolean(),
  media: mediaSchema,
});
export type ReportMedia = z.output<typeof reportMediaSchema>;

const reportClassRefSchema = z.strictObject({
  '@id': z.string(),
  id: z.number().int(),
  name: z.string(),
  start: z.string(),
  end: z.string(),
});
export type ReportClassRef = z.output<typeof reportClassRefSchema>;

/** `GET /report/class/{id}` and `GET /report/student/{id}` (DESIGN §3). */
export const reportSchema = z.strictObject({
  '@context': z.string().optional(),
  '@type': z.enum(['ClassReport', 'StudentReport']),
  start: z.string(),
  end: z.string(),
  school: z.strictObject({ '@id': z.string(), id: z.number().int(), name: z.string() }).nullable(),
  /** The classes covered: one for a class report, every class of the student the user may see otherwise. */
  teachingClasses: z.array(reportClassRefSchema),
  /** The Student (the person), for a student report. */
  student: z.strictObject({ '@id': z.string(), id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() }).nullable(),
  /**
   * Class: each rating once however many students it names; `students` is how many of the class's students the
   * ratings count for (a whole-class rating counts for all). Student: each rating naming them and each whole-class
   * rating of their classes once; `students` is 1 when any counts, else 0.
   */
  totals: z.strictObject({
    ...figures,
    students: z.number().int(),
    wholeClassRatings: z.number().int(),
    /** Of which home ratings (DESIGN §11: counted apart from the teachers', "at home"). */
    atHome: z.number().int(),
    average: z.number().nullable(),
  }),
  skills: z.array(reportSkillSchema),
  students: z.array(reportStudentSchema),
  timeline: z.array(reportWeekSchema),
  /** Most recent attachments first. */
  media: z.array(reportMediaSchema),
});
export type Report = z.output<typeof reportSchema>;
