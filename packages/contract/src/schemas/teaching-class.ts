import { z } from 'zod';
import { INVITATION_CODE_LENGTH, PAGE_SIZE, type ClassUserType } from '../constants';
import type { Media } from './media';
import type { School } from './school';
import type { Subscription } from './subscription';
import type { PublicUser } from './user';
import type { TeachingClassStudent } from './student';
import { V, isoDate, nullableRef, optionalText, paginationQuery, refSchema, requiredText, type JsonLd } from './common';

export const CLASS_MESSAGES = {
  endBeforeStart: 'The end date must not be before the start date.',
  year: 'This value should be a year between 1900 and 2200.',
  teachersOnly: 'Only a teacher account can create a class.',
} as const;

/** A query-string switch: 1/0 or true/false (spec §7 sends isFinished as 0/1). */
export const queryFlag = z.enum(['1', '0', 'true', 'false'], { error: V.choice }).transform((v) => v === '1' || v === 'true');

/** A year as a number or a numeric string. */
export const yearSchema = z
  .union([z.number({ error: V.type }), z.string({ error: V.type }).trim().regex(/^\d{1,4}$/, { error: CLASS_MESSAGES.year }).transform(Number)], { error: CLASS_MESSAGES.year })
  .pipe(z.number().int({ error: CLASS_MESSAGES.year }).min(1900, { error: CLASS_MESSAGES.year }).max(2200, { error: CLASS_MESSAGES.year }))
  // OpenAPI's `example`: zod keeps no `examples` for an input that is transformed.
  .meta({ example: 2026 });

const bool = z.boolean({ error: V.type });

const classFields = {
  name: requiredText(200),
  year: yearSchema,
  start: isoDate,
  end: isoDate,
  grade: optionalText(50),
  term: optionalText(50),
  educationLevel: nullableRef,
  isIndividual: bool.optional(),
  school: nullableRef,
  avatar: nullableRef,
  subscription: nullableRef,
};

export const teachingClassCreateBody = z
  .object(classFields)
  .strict()
  .superRefine((b, ctx) => {
    if (b.end < b.start) ctx.addIssue({ code: 'custom', path: ['end'], message: CLASS_MESSAGES.endBeforeStart });
  });
export type TeachingClassCreateBody = z.input<typeof teachingClassCreateBody>;

/** Changed fields, isFinished, or creator (owner change). Dates are checked against the stored ones by the server. */
export const teachingClassPatchBody = z
  .object({ ...classFields, isFinished: bool, creator: refSchema })
  .partial()
  .strict();
export type TeachingClassPatchBody = z.input<typeof teachingClassPatchBody>;

export const teachingClassListQuery = paginationQuery.extend({
  itemsPerPage: paginationQuery.shape.itemsPerPage.unwrap().default(PAGE_SIZE.classes),
  isFinished: queryFlag.optional(),
  isIndividual: queryFlag.optional(),
  excludeOwnTeachingClasses: queryFlag.optional(),
  excludeCoteacherTeachingClasses: queryFlag.optional(),
  excludeEvaluatorTeachingClasses: queryFlag.optional(),
  /** Lookup mode: any signed-in user finds the one class of this code, as a summary. */
  invitationCode: z.string({ error: V.type }).trim().max(INVITATION_CODE_LENGTH * 4, { error: V.tooLong(INVITATION_CODE_LENGTH * 4) }).optional(),
  subscription: refSchema.optional(),
});

export interface EducationLevel extends JsonLd {
  id: number;
  translationKey: string;
}

export type SchoolSummary = Pick<School, '@id' | '@type' | 'id' | 'name'>;

/** A class as its teachers and evaluators see it. The list leaves out teachers and students (the detail has them). */
export interface TeachingClass extends JsonLd {
  id: number;
  created: string;
  updated: string;
  name: string;
  grade: string | null;
  /** Only for the class's teachers (creator and co-teachers). */
  invitationCode?: string;
  year: number;
  start: string;
  end: string;
  isFinished: boolean;
  avatar: Media | null;
  school: SchoolSummary | null;
  creator: PublicUser;
  term: string | null;
  numTeachers: number;
  numStudents: number;
  teachers?: PublicUser[];
  /** The Student IRIs of the class's places. */
  students?: string[];
  teachingClassStudents?: TeachingClassStudent[];
  educationLevel: EducationLevel | null;
  isIndividual: boolean;
  subscription: Subscription | null;
  /** The signed-in user's class role: 0 creator, 1 co-teacher, 2 evaluator. */
  userType: ClassUserType;
}

/** What a class's invitation code shows to anyone signed in: enough to recognise the class, nothing more. */
export interface TeachingClassSummary extends JsonLd {
  id: number;
  name: string;
  school: SchoolSummary | null;
  creator: Pick<PublicUser, '@id' | '@type' | 'id' | 'firstName' | 'lastName'>;
  avatar: Media | null;
  /** The signed-in user's role in it, if any (so a client can say "you already teach this class"). */
  userType: ClassUserType | null;
}
