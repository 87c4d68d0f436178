import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { COVERAGE_DAYS, FRAMEWORKS, GROWTH_MESSAGES } from '../growth-rules';
import { REPORT_MESSAGES, reportRangeProblem } from '../report-range-rules';
import { digitsInteger, isoDate, refSchema, writeBody } from './common';
import { listQuery } from './filters';
import { learningSkillSchema, stageSchema } from './learning-skill';
import { jsonLdObject } from './responses';

/** `GET /frameworks`: all fit one page, no filters. */
export const frameworkListQuery = listQuery({}, PAGE_SIZE.max);

/** `POST /teaching-class/{id}/framework`: the framework's key, as `GET /frameworks` answers it (`id`). */
export const frameworkAdoptBody = writeBody({
  framework: z.enum(FRAMEWORKS, { error: GROWTH_MESSAGES.unknownFramework }),
});
export type FrameworkAdoptBody = z.input<typeof frameworkAdoptBody>;

/** A set of skills a class adopts in one step (DESIGN §12), its texts in the reader's language. */
export const frameworkSchema = jsonLdObject('Framework', {
  id: z.enum(FRAMEWORKS),
  name: z.string(),
  description: z.string(),
  translationKey: z.string(),
  learningSkills: z.array(learningSkillSchema),
});
export type Framework = z.output<typeof frameworkSchema>;

/** What `POST /teaching-class/{id}/framework` did: the class's skills it added (none when all were there). */
export const frameworkAdoptionSchema = jsonLdObject('FrameworkAdoption', {
  framework: z.enum(FRAMEWORKS),
  teachingClass: z.string(),
  added: z.array(z.string()),
});
export type FrameworkAdoption = z.output<typeof frameworkAdoptionSchema>;

const range = { startDate: isoDate.optional(), endDate: isoDate.optional() };
const checkRange = (q: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  const problem = q.startDate && q.endDate ? reportRangeProblem(q.startDate, q.endDate) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['endDate'], message: REPORT_MESSAGES[problem] });
};

/** `GET /growth/student/{studentId}`: as the student report's query (DESIGN §12). */
export const growthStudentQuery = z
  .object({ ...range, teachingClassId: refSchema.optional() })
  .strict()
  .superRefine(checkRange);
/** `GET /growth/class/{id}`: the grid as it stood on `endDate` (default today). */
export const growthClassQuery = z.object({ endDate: isoDate.optional() }).strict();
/** `GET /coverage/class/{id}`: `days` without a rating (default the class's `coverageDays`). */
export const coverageQuery = z
  .object({ days: digitsInteger(COVERAGE_DAYS.min, COVERAGE_DAYS.max, GROWTH_MESSAGES.coverageDays).optional() })
  .strict();

/** Where a student stands on a skill: the median points of their last ratings up to a day, and the stage it names. */
const standing = z.strictObject({ points: z.number().nullable(), stage: stageSchema.nullable() });
export type GrowthStanding = z.output<typeof standing>;

const skillHead = {
  learningSkill: z.string(),
  name: z.string(),
  translationKey: z.string().nullable(),
  colorCode: z.string(),
  stages: z.array(stageSchema),
};

const person = {
  teachingClassStudent: z.string(),
  student: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
};

export const studentGrowthSchema = z.strictObject({
  '@type': z.literal('StudentGrowth'),
  start: z.string(),
  end: z.string(),
  student: z.strictObject({ '@id': z.string(), id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() }),
  teachingClasses: z.array(z.strictObject({ '@id': z.string(), id: z.number().int(), name: z.string() })),
  skills: z.array(
    z.strictObject({
      ...skillHead,
      /** Ratings that count up to the end (the student's own, whole-class and home ratings; never self-assessments). */
      ratings: z.number().int(),
      now: standing,
      atStart: standing,
      /** The student's own newest self-assessment up to the end (DESIGN §12), beside the teachers' stage; never counted above. */
      self: z.strictObject({ points: z.number().int(), stage: stageSchema.nullable(), date: z.string() }).nullable(),
      /** Each month of the range: its ratings and the standing at its end (the range's end for the last). */
      months: z.array(z.strictObject({ month: z.string(), ratings: z.number().int(), ...standing.shape })),
    }),
  ),
});
export type StudentGrowth = z.output<typeof studentGrowthSchema>;

export const classGrowthSchema = z.strictObject({
  '@type': z.literal('ClassGrowth'),
  teachingClass: z.string(),
  end: z.string(),
  skills: z.array(z.strictObject(skillHead)),
  students: z.array(
    z.strictObject({
      ...person,
      /** A cell names its stage by the stage's points (the skill's `stages` above carry the names): a grid of 1,000 cells stays small. */
      skills: z.array(
        z.strictObject({
          learningSkill: z.string(),
          ratings: z.number().int(),
          points: z.number().nullable(),
          stage: z.number().int().nullable(),
          /**
           * The student's own newest self-assessment up to `end` (DESIGN §12), its stage by points as above: shown
           * apart, never in `ratings`, `points` or `stage`.
           */
          self: z.strictObject({ points: z.number().int(), stage: z.number().int().nullable(), date: z.string() }).nullable(),
        }),
      ),
    }),
  ),
});
export type ClassGrowth = z.output<typeof classGrowthSchema>;

export const classCoverageSchema = z.strictObject({
  '@type': z.literal('ClassCoverage'),
  teachingClass: z.string(),
  days: z.number().int(),
  /** The first day that counts as recent, and today. */
  since: z.string(),
  end: z.string(),
  /** Students with no rating since `since`, the longest unobserved first (never rated before them). */
  notObserved: z.array(z.strictObject({ ...person, lastRated: z.string().nullable() })),
  /** Per skill of the class: its students never rated on it within the class's dates. */
  skills: z.array(
    z.strictObject({ learningSkill: z.string(), name: z.string(), translationKey: z.string().nullable(), neverRated: z.array(z.string()) }),
  ),
  /** The class creator only: ratings each teacher of the class gave since `since`. */
  teachers: z
    .array(z.strictObject({ user: z.string(), firstName: z.string(), lastName: z.string().nullable(), ratings: z.number().int() }))
    .optional(),
});
export type ClassCoverage = z.output<typeof classCoverageSchema>;
