import { z } from 'zod';
import { ClassUserType, INVITATION_CODE_LENGTH, PAGE_SIZE } from '../constants';
import { mediaSchema } from './media';
import { jsonLdObject, stampFields } from './responses';
import { schoolSchema } from './school';
import { subscriptionSchema } from './subscription';
import { publicUserSchema } from './user';
import { teachingClassStudentSchema } from './student';
import { V, isoDate, nullableRef, optionalText, refSchema, writeBody } from './common';
import { filter, listQuery } from './filters';
import { officeHoursBody, officeHoursSchema } from './conversation';
import { COVERAGE_DAYS, GROWTH_MESSAGES } from '../growth-rules';
import { personName } from './names';
import { CLASS_ABILITIES, CLASS_DEFAULT_POINTS, CLASS_MESSAGES, type ClassAbility } from '../teaching-class-rules';

/** A year as a number or a numeric string. */
export const yearSchema = z
  .union(
    [
      z.number({ error: V.type }),
      z
        .string({ error: V.type })
        .trim()
        .regex(/^\d{1,4}$/, { error: CLASS_MESSAGES.year })
        .transform(Number),
    ],
    { error: CLASS_MESSAGES.year },
  )
  .pipe(z.number().int({ error: CLASS_MESSAGES.year }).min(1900, { error: CLASS_MESSAGES.year }).max(2200, { error: CLASS_MESSAGES.year }))
  // OpenAPI's `example`: zod keeps no `examples` for an input that is transformed.
  .meta({ example: 2026 });

const bool = z.boolean({ error: V.type });

const defaultPointsMessage = `This value should be between ${CLASS_DEFAULT_POINTS.min} and ${CLASS_DEFAULT_POINTS.max}.`;
const defaultPoints = z
  .number({ error: V.type })
  .int({ error: defaultPointsMessage })
  .min(CLASS_DEFAULT_POINTS.min, { error: defaultPointsMessage })
  .max(CLASS_DEFAULT_POINTS.max, { error: defaultPointsMessage });

const coverageDays = z
  .number({ error: V.type })
  .int({ error: GROWTH_MESSAGES.coverageDays })
  .min(COVERAGE_DAYS.min, { error: GROWTH_MESSAGES.coverageDays })
  .max(COVERAGE_DAYS.max, { error: GROWTH_MESSAGES.coverageDays });

const classFields = {
  name: personName(200),
  year: yearSchema,
  start: isoDate,
  end: isoDate,
  grade: optionalText(50, { numbers: true }),
  term: optionalText(50, { numbers: true }),
  educationLevel: nullableRef,
  isIndividual: bool.optional(),
  school: nullableRef,
  avatar: nullableRef,
  subscription: nullableRef,
  defaultPoints: defaultPoints.optional(),
  /** Families may comment on the class's ratings (DESIGN §11); default on. */
  familyComments: bool.optional(),
  /** DESIGN §11: when the teachers answer messages, in the creator's time zone; null for none. */
  officeHours: officeHoursBody.nullable().optional(),
  /** DESIGN §12: students linked to their own place may rate themselves (default off). */
  selfAssessment: bool.optional(),
  /** DESIGN §12: days without a rating after which a student counts as not observed (default 14). */
  coverageDays: coverageDays.optional(),
};

/** What a class shows but is not written through its body (counters, members, the code, the reader's role). */
const classReadOnly = [
  'finishedAt',
  'invitationCode',
  'numTeachers',
  'numStudents',
  'notObserved',
  'teachers',
  'students',
  'teachingClassStudents',
  'userType',
  'abilities',
];

export const teachingClassCreateBody = writeBody({ ...classFields, isFinished: bool.optional() }, [
  ...classReadOnly,
  'creator',
]).superRefine((b, ctx) => {
  if (b.end < b.start) ctx.addIssue({ code: 'custom', path: ['end'], message: CLASS_MESSAGES.endBeforeStart });
});
export type TeachingClassCreateBody = z.input<typeof teachingClassCreateBody>;

/** Changed fields, isFinished, or creator (owner change). Dates are checked against the stored ones by the server. */
export const teachingClassPatchBody = writeBody({ ...classFields, isFinished: bool, creator: refSchema }, classReadOnly).partial();
export type TeachingClassPatchBody = z.input<typeof teachingClassPatchBody>;

/** A relation that PUT replaces: not sent is none. */
const replacedRef = nullableRef.transform((v) => v ?? null);

/**
 * `PUT /teaching-class/{id}`: a full replace of the fields of the product's write model (TeachingClassWrite), with
 * PATCH's rules. Required as on POST (name, year, start, end); grade, term, avatar and school not sent are cleared.
 * Our own fields, which the product's clients do not know (educationLevel, isIndividual, subscription,
 * defaultPoints, familyComments, officeHours, selfAssessment, coverageDays), and the actions isFinished and creator
 * change only when sent: a client cannot send back what it never read, and a class must not leave its subscription or
 * reopen because of that.
 */
export const teachingClassPutBody = writeBody(
  { ...classFields, school: replacedRef, avatar: replacedRef, isFinished: bool.optional(), creator: refSchema.optional() },
  classReadOnly,
);
export type TeachingClassPutBody = z.input<typeof teachingClassPutBody>;

export const teachingClassListQuery = listQuery(
  {
    isFinished: filter.flag(),
    isIndividual: filter.flag(),
    excludeOwnTeachingClasses: filter.flag(),
    excludeCoteacherTeachingClasses: filter.flag(),
    excludeEvaluatorTeachingClasses: filter.flag(),
    /** Lookup mode: any signed-in user finds the one class of this code, as a summary. */
    invitationCode: filter.text(INVITATION_CODE_LENGTH * 4, 'lookup: the one class of this code, as a summary'),
    subscription: filter.ref(),
  },
  PAGE_SIZE.classes,
);

export const educationLevelListQuery = listQuery({}, PAGE_SIZE.max);

export const educationLevelSchema = jsonLdObject('EducationLevel', { id: z.number().int(), translationKey: z.string() });
export type EducationLevel = z.output<typeof educationLevelSchema>;

export const schoolSummarySchema = schoolSchema.pick({ '@context': true, '@id': true, '@type': true, id: true, name: true });
export type SchoolSummary = z.output<typeof schoolSummarySchema>;

export const classAbilitiesSchema = z.strictObject(
  Object.fromEntries(CLASS_ABILITIES.map((a) => [a, z.boolean()])) as Record<ClassAbility, z.ZodBoolean>,
);

const classUserType = z.union([z.literal(ClassUserType.Creator), z.literal(ClassUserType.CoTeacher), z.literal(ClassUserType.Evaluator)]);

/** A class as its teachers and evaluators see it. The list leaves out teachers and students (the detail has them). */
export const teachingClassSchema = jsonLdObject('TeachingClass', {
  ...stampFields,
  name: z.string(),
  grade: z.string().nullable(),
  /** Only for the class's teachers (creator and co-teachers). */
  invitationCode: z.string().optional(),
  year: z.number().int(),
  start: z.string(),
  end: z.string(),
  isFinished: z.boolean(),
  /** When the class was finished (null while it runs): its page says "Finished on", retention counts from it. */
  finishedAt: z.string().nullable(),
  /** Points a quick rating gives, 1 to 5 (DESIGN §7). */
  defaultPoints: z.number().int(),
  /** Families may comment on the class's ratings (DESIGN §11). */
  familyComments: z.boolean(),
  /** When the teachers answer messages (DESIGN §11), in the creator's time zone; null: no office hours set. */
  officeHours: officeHoursSchema.nullable(),
  /** Students linked to their own place may rate themselves (DESIGN §12). */
  selfAssessment: z.boolean(),
  /** Days without a rating after which a student counts as not observed (DESIGN §12). */
  coverageDays: z.number().int(),
  avatar: mediaSchema.nullable(),
  school: schoolSummarySchema.nullable(),
  creator: publicUserSchema,
  /** A number when the term written is one ("2"), as the product's clients read it; else its text ("Full year"). */
  term: z.union([z.string(), z.number()]).nullable(),
  numTeachers: z.number().int(),
  numStudents: z.number().int(),
  /** In class lists, a running class's (DESIGN §12): students with no rating in its last `coverageDays` days, today included. */
  notObserved: z.number().int().optional(),
  teachers: z.array(publicUserSchema).optional(),
  /** The Student IRIs of the class's places. */
  students: z.array(z.string()).optional(),
  teachingClassStudents: z.array(teachingClassStudentSchema).optional(),
  educationLevel: educationLevelSchema.nullable(),
  isIndividual: z.boolean(),
  subscription: subscriptionSchema.nullable(),
  /** The signed-in user's class role: 0 creator, 1 co-teacher, 2 evaluator. */
  userType: classUserType,
  /** What the signed-in user may do with this class (DESIGN §2, §14), so that clients never re-derive it from the role. */
  abilities: classAbilitiesSchema,
});
export type TeachingClass = z.output<typeof teachingClassSchema>;

/** What a class's invitation code shows to anyone signed in: enough to recognise the class, nothing more. */
export const teachingClassSummarySchema = jsonLdObject('TeachingClass', {
  id: z.number().int(),
  name: z.string(),
  school: schoolSummarySchema.nullable(),
  creator: publicUserSchema.omit({ avatar: true }),
  avatar: mediaSchema.nullable(),
  /** The signed-in user's role in it, if any (so a client can say "you already teach this class"). */
  userType: classUserType.nullable(),
});
export type TeachingClassSummary = z.output<typeof teachingClassSummarySchema>;
