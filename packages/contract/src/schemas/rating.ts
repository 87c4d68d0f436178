import { z } from 'zod';
import { API_AUTH_PREFIX } from '../constants';
import { V, isoDate, optionalText, refSchema, writeBody } from './common';
import { loose, resourceSchema } from './responses';
import { filter, listQuery } from './filters';
import type { LearningAction, LearningSkill } from './learning-skill';
import type { Media } from './media';
import type { PublicUser } from './user';
import { RATING_SOURCES, RATING_DESCRIPTION_MAX, RATING_LIMITS, RATING_MESSAGES, RATING_PAGE_SIZE, RATING_POINTS } from '../rating-rules';

/**
 * A student named by a rating: a TeachingClassStudent place (`/teaching-class-student/5`, a bare number, or an object)
 * or a Student, the person (`/student/3`, or `{"@id": "/…/student/3"}`), who must have a place in the rating's class.
 */
export type RatingStudentRef = { kind: 'place' | 'student'; id: number };
/** Reads the kind from the IRI; refSchema has already checked the id. */
function studentRefKind(v: unknown): 'place' | 'student' {
  const iri = typeof v === 'string' ? v : v && typeof v === 'object' ? (v as { '@id'?: unknown })['@id'] : undefined;
  return typeof iri === 'string' && /(^|\/)student\/\d+\/?$/.test(iri) && !/teaching-class-student\/\d+\/?$/.test(iri)
    ? 'student'
    : 'place';
}
export const studentRefSchema = z.unknown().transform((v, ctx): RatingStudentRef => {
  const r = refSchema.safeParse(v);
  if (!r.success) {
    ctx.addIssue({ code: 'custom', message: V.reference });
    return z.NEVER;
  }
  return { kind: studentRefKind(v), id: r.data };
});

/** A media reference; a RatingMedia object sent back as it was read (`{"@id": ".../rating-media/5", "media": {...}}`) names its media. */
const mediaRefSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) && 'media' in v ? (v as { media: unknown }).media : v),
  refSchema,
);

const points = z
  .number({ error: V.type })
  .int({ error: RATING_MESSAGES.points })
  .min(RATING_POINTS.min, { error: RATING_MESSAGES.points })
  .max(RATING_POINTS.max, { error: RATING_MESSAGES.points });

const studentRefs = z.array(studentRefSchema, { error: V.type }).max(RATING_LIMITS.students, { error: V.type });

/** What every rating of one observation shares (the observation's own body is schemas/observation.ts). */
export const observationFields = {
  /** Optional; older clients send only the skill. When both are sent they must agree. */
  learningSkill: refSchema.optional(),
  date: isoDate,
  points,
  description: optionalText(RATING_DESCRIPTION_MAX),
  /** Places of the class, or Students who have one; empty for the whole class. */
  students: studentRefs,
  /** Media (your uploads of types 34-37) to attach: as references, or as the RatingMedia objects a rating was read with. */
  medias: z.array(mediaRefSchema, { error: V.type }).max(RATING_LIMITS.medias, { error: V.type }).optional(),
};

/**
 * The fields a rating is written with; defaults are added for create only (zod 4 applies defaults inside partial()).
 * A rating names a learning skill, an action of it, or both (DESIGN §14: the product's own clients rate a skill).
 */
const ratingFields = {
  learningAction: refSchema.optional(),
  ...observationFields,
  /** Ratings saved together share it (DESIGN §7); the server makes one when it is not sent. */
  observation: z.uuid({ error: V.type }).optional(),
};

/** What a rating shows but is not written through its body. */
const ratingReadOnly = ['creator', 'isWholeClass', 'canEdit', 'source'];

export const ratingCreateBody = writeBody(
  { teachingClass: refSchema, ...ratingFields, points: points.default(RATING_POINTS.default), students: studentRefs.default([]) },
  ratingReadOnly,
).superRefine((b, ctx) => {
  // Either names what was observed; the service checks that they agree and that the class uses the skill.
  if (b.learningAction === undefined && b.learningSkill === undefined)
    for (const path of ['learningSkill', 'learningAction'])
      ctx.addIssue({ code: 'custom', path: [path], message: RATING_MESSAGES.actionOrSkill });
});
export type RatingCreateBody = z.input<typeof ratingCreateBody>;

/**
 * Changes date, points, description, students, action (edit-action screen) and, with `medias`, the full set of attachments.
 * An action may be set on a rating of a skill alone when it is one of that skill's (or, sent with a new skill, moves it);
 * `learningAction: null` makes it a rating of its skill as a whole.
 */
// A rating stays in its class: `teachingClass` sent back is read, not moved.
export const ratingPatchBody = writeBody(
  // Null turns it into a rating of its skill as a whole (what a rating of a skill alone reads back as).
  { ...ratingFields, learningAction: refSchema.nullable().optional() },
  [...ratingReadOnly, 'teachingClass'],
).partial();
export type RatingPatchBody = z.input<typeof ratingPatchBody>;

export const ratingListQuery = listQuery(
  {
    'teachingClass.id': filter.ids(),
    'students.id': filter.ids('ratings naming these places (TeachingClassStudent ids)'),
    'ratingStudents.student.id': filter.ids('ratings naming these Students (the person)'),
    'learningSkill.id': filter.ids(),
    'learningAction.id': filter.ids(),
    'creator.id': filter.ids(),
    id: filter.ids(),
    date: filter.dateRange('the rating date, both ends included'),
    observation: filter.many(z.uuid({ error: V.type }), { type: 'string', format: 'uuid' }, 'the ratings saved together (DESIGN §7)'),
    includeWholeClass: filter.flag("with a student filter: also the whole-class ratings of that student's classes (the student's feed)"),
  },
  RATING_PAGE_SIZE,
);
export type RatingListQuery = Partial<Record<keyof typeof ratingListQuery.filters, string | string[] | Record<string, string>>>;

export const ratingStudentCreateBody = writeBody({ rating: refSchema, student: studentRefSchema }, ['teachingClassStudent']);
export type RatingStudentCreateBody = z.input<typeof ratingStudentCreateBody>;
export const ratingMediaCreateBody = writeBody({ rating: refSchema, media: refSchema });
export type RatingMediaCreateBody = z.input<typeof ratingMediaCreateBody>;
export const ratingLinkListQuery = listQuery({ 'rating.id': filter.ids() });

// `@type` is checked by value (a refinement keeps the type a plain string, as the presenters build it).
const jsonLd = (type: string) => ({
  '@context': z.string().optional(),
  '@id': z.string(),
  '@type': z.string().refine((t) => t === type, { error: `@type should be ${type}` }),
});
const stamps = { id: z.number().int(), created: z.string(), updated: z.string() };
// Embedded resources are declared elsewhere as interfaces for now: checked as JSON-LD of their type.
const embedded = <T>(type: string) => resourceSchema(type) as unknown as z.ZodType<T>;

/** An attachment of a rating: photo 34, video 35, audio 36, file 37. */
const ratingMediaObject = z.object({ ...jsonLd('RatingMedia'), ...stamps, rating: z.string(), media: embedded<Media>('Media') });
export const ratingMediaSchema = loose(ratingMediaObject);
export type RatingMedia = z.output<typeof ratingMediaObject>;

/** A student named by a rating. A link is made and removed, never changed: `updated` is when it was made (spec §3). */
const ratingStudentObject = z.object({
  ...jsonLd('RatingStudent'),
  ...stamps,
  rating: z.string(),
  /** The Student (the person). */
  student: z.string(),
  /** Their place in the rating's class. */
  teachingClassStudent: z.string(),
});
export const ratingStudentSchema = loose(ratingStudentObject);
export type RatingStudent = z.output<typeof ratingStudentObject>;

export type RatingCreator = Pick<PublicUser, '@id' | '@type' | 'id' | 'firstName' | 'lastName' | 'avatar'>;
const ratingCreatorSchema = z.looseObject({
  '@id': z.string(),
  '@type': z.string(),
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.union([embedded<Media>('Media'), z.string(), z.null()]),
});

/** That a learning action (or a skill as a whole) was observed, for some students of a class or the whole class. */
const ratingObject = z.object({
  ...jsonLd('Rating'),
  ...stamps,
  /** YYYY-MM-DD. */
  date: z.string(),
  points: z.number().int(),
  description: z.string().nullable(),
  /** Shared by the ratings saved together: the feed shows them as one card (DESIGN §7). */
  observation: z.string(),
  teachingClass: z.string(),
  learningSkill: embedded<LearningSkill>('LearningSkill'),
  /** Null when the rating names the skill alone (DESIGN §14): it counts under the skill. */
  learningAction: embedded<LearningAction>('LearningAction').nullable(),
  creator: ratingCreatorSchema.nullable(),
  /** IRIs of the TeachingClassStudent places named; empty for a whole-class rating. */
  students: z.array(z.string()),
  /** True when `students` is empty: the rating counts for every student of the class. */
  isWholeClass: z.boolean(),
  medias: z.array(loose(ratingMediaObject)),
  /** Whether the signed-in user may edit or delete it (DESIGN §2). */
  canEdit: z.boolean(),
  /** `home`: a family's home observation a teacher approved (DESIGN §11), counted apart ("at home"). */
  source: z.enum(RATING_SOURCES),
});
export const ratingSchema = loose(ratingObject);
export type Rating = Omit<z.output<typeof ratingObject>, 'creator'> & { creator: RatingCreator | null };

export const ratingIri = (id: number) => `${API_AUTH_PREFIX}/rating/${id}`;
