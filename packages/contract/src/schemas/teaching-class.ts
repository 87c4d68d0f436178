import { z } from 'zod';
import { INVITATION_CODE_LENGTH, PAGE_SIZE, type ClassUserType } from '../constants';
import type { Media } from './media';
import type { School } from './school';
import type { Subscription } from './subscription';
import type { PublicUser } from './user';
import type { TeachingClassStudent } from './student';
import { V, isoDate, nullableRef, optionalText, refSchema, writeBody, type JsonLd } from './common';
import { filter, listQuery } from './filters';
import { personName } from './names';

export const CLASS_MESSAGES = {
  endBeforeStart: 'The end date must not be before the start date.',
  year: 'This value should be a year between 1900 and 2200.',
  teachersOnly: 'Only a teacher account can create a class.',
  /** A finished class is read-only until its creator reopens it (DESIGN §7): every change to its content answers 409. */
  finished: 'This class is finished: reopen it to change it.',
} as const;

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

/** Points a quick rating gives in this class (DESIGN §7); the API's default for a rating without `points` stays 1. */
export const CLASS_DEFAULT_POINTS = { min: 1, max: 5, default: 3 } as const;
const defaultPointsMessage = `This value should be between ${CLASS_DEFAULT_POINTS.min} and ${CLASS_DEFAULT_POINTS.max}.`;
const defaultPoints = z
  .number({ error: V.type })
  .int({ error: defaultPointsMessage })
  .min(CLASS_DEFAULT_POINTS.min, { error: defaultPointsMessage })
  .max(CLASS_DEFAULT_POINTS.max, { error: defaultPointsMessage });

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
};

/** What a class shows but is not written through its body (counters, members, the code, the reader's role). */
const classReadOnly = [
  'finishedAt',
  'invitationCode',
  'numTeachers',
  'numStudents',
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
 * defaultPoints), and the actions isFinished and creator change only when sent: a client cannot send back what it
 * never read, and a class must not leave its subscription or reopen because of that.
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
  /** When the class was finished (null while it runs): its page says "Finished on", retention counts from it. */
  finishedAt: string | null;
  /** Points a quick rating gives, 1 to 5 (DESIGN §7). */
  defaultPoints: number;
  avatar: Media | null;
  school: SchoolSummary | null;
  creator: PublicUser;
  /** A number when the term written is one ("2"), as the product's clients read it; else its text ("Full year"). */
  term: string | number | null;
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
  /** What the signed-in user may do with this class (DESIGN §2, §14), so that clients never re-derive it from the role. */
  abilities: ClassAbilities;
}

/** The class actions of DESIGN §2 a client shows or hides; the server decides them all by the same table. */
export const CLASS_ABILITIES = [
  'edit',
  'delete',
  'rate',
  'report',
  'manageStudents',
  'manageTeachers',
  'manageLinks',
  'manageSkills',
  'printLetters',
  'export',
  'readAccessLog',
] as const;
export type ClassAbility = (typeof CLASS_ABILITIES)[number];
export type ClassAbilities = Record<ClassAbility, boolean>;

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
