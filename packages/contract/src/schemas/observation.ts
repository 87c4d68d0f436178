import { z } from 'zod';
import { API_AUTH_PREFIX } from '../constants';
import { RATING_POINTS } from '../rating-rules';
import { V, refSchema, writeBody, type JsonLd } from './common';
import { loose } from './responses';
import { observationFields, ratingSchema, type Rating } from './rating';

/** Learning actions one observation may rate at once (one rating each). */
export const OBSERVATION_ACTIONS_MAX = 50;
export const OBSERVATION_MESSAGES = {
  actions: 'Choose at least one learning action.',
  notFound: 'Observation not found.',
  exists: 'An observation with this id exists already.',
  mixedClasses: 'This observation has ratings in more than one class: change them one by one.',
} as const;

const actions = z
  .array(refSchema, { error: V.type })
  .min(1, { error: OBSERVATION_MESSAGES.actions })
  .max(OBSERVATION_ACTIONS_MAX, { error: V.type });

/**
 * One observation (DESIGN §14): the students (places or Students; none for the whole class), the learning actions seen
 * (one rating each, all of one skill's class), points, date, note and attachments, written in one request. `observation`
 * is the id the client chose (an outbox knows it before any answer); the server makes one when it is absent.
 */
export const observationCreateBody = writeBody(
  {
    teachingClass: refSchema,
    ...observationFields,
    learningActions: actions,
    points: observationFields.points.default(RATING_POINTS.default),
    students: observationFields.students.default([]),
    observation: z.uuid({ error: V.type }).optional(),
  },
  ['ratings'],
);
export type ObservationCreateBody = z.input<typeof observationCreateBody>;

/**
 * Changes an observation as a whole: `learningActions` is the full set (ratings of actions no longer named go, new
 * ones are made), the other fields apply to every rating of it. `medias` is the full set of attachments.
 */
export const observationPatchBody = writeBody({ ...observationFields, learningActions: actions }, [
  'ratings',
  'teachingClass',
  'observation',
]).partial();
export type ObservationPatchBody = z.input<typeof observationPatchBody>;

/** The ratings of one observation, as written (201 and 200 answer it; a replayed 201 carries the ids only). */
export interface Observation extends JsonLd {
  /** The ratings' shared `observation` (a UUID). */
  id: string;
  teachingClass: string;
  ratings: Rating[];
}

/** The answer's declared shape (the API document; the API tests check each answer against it). */
export const observationSchema = loose(
  z.object({ '@id': z.string(), '@type': z.string(), id: z.string(), teachingClass: z.string(), ratings: z.array(ratingSchema) }),
);

export const observationIri = (id: string) => `${API_AUTH_PREFIX}/observation/${id}`;
