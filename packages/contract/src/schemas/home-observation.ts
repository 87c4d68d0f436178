import { z } from 'zod';
import { API_AUTH_PREFIX } from '../constants';
import {
  HOME_OBSERVATION_PAGE_SIZE,
  HOME_OBSERVATION_REASON_MAX,
  HOME_OBSERVATION_STATUSES,
  HOME_OBSERVATION_MESSAGES,
} from '../home-observation-rules';
import { RATING_DESCRIPTION_MAX, RATING_LIMITS } from '../rating-rules';
import { V, isoDate, optionalText, refSchema, writeBody } from './common';
import { filter, listQuery } from './filters';
import { jsonLdObject, resourceSchema, stampFields } from './responses';
import type { Media } from './media';

/**
 * DESIGN §11: a family's observation of their child at home, on an action of a skill the class uses, with a note and
 * the same attachments as a rating (their own uploads of the rating media types).
 */
export const homeObservationCreateBody = writeBody(
  {
    teachingClassStudent: refSchema,
    learningAction: refSchema,
    date: isoDate,
    description: optionalText(RATING_DESCRIPTION_MAX),
    medias: z.array(refSchema, { error: V.type }).max(RATING_LIMITS.medias, { error: V.type }).optional(),
  },
  ['status', 'reason', 'rating', 'teachingClass', 'learningSkill', 'creator'],
);
export type HomeObservationCreateBody = z.input<typeof homeObservationCreateBody>;

export const homeObservationRejectBody = z.strictObject({
  reason: z
    .string({ error: HOME_OBSERVATION_MESSAGES.reason })
    .trim()
    .min(1, { error: HOME_OBSERVATION_MESSAGES.reason })
    .max(HOME_OBSERVATION_REASON_MAX, { error: V.type }),
});
export type HomeObservationRejectBody = z.input<typeof homeObservationRejectBody>;

export const homeObservationListQuery = listQuery(
  {
    'teachingClass.id': filter.ids(),
    'teachingClassStudent.id': filter.ids('home observations of these places (TeachingClassStudent ids)'),
    status: filter.many(z.enum(HOME_OBSERVATION_STATUSES, { error: V.type }), { type: 'string', enum: [...HOME_OBSERVATION_STATUSES] }),
  },
  HOME_OBSERVATION_PAGE_SIZE,
);

const embeddedMedia = resourceSchema('Media') as unknown as z.ZodType<Media>;

export const homeObservationSchema = jsonLdObject('HomeObservation', {
  ...stampFields,
  teachingClass: z.string(),
  teachingClassStudent: z.string(),
  /** The child's names, for the teachers' list. */
  studentName: z.object({ firstName: z.string(), lastName: z.string() }),
  learningSkill: z.object({ id: z.number().int(), name: z.string(), translationKey: z.string().nullable() }),
  learningAction: z.object({ id: z.number().int(), name: z.string(), translationKey: z.string().nullable() }),
  date: z.string(),
  description: z.string().nullable(),
  status: z.enum(HOME_OBSERVATION_STATUSES),
  reason: z.string().nullable(),
  /** The family member who added it; null once their account is gone. */
  creator: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** The rating it became once approved. */
  rating: z.string().nullable(),
  medias: z.array(embeddedMedia),
});
export type HomeObservation = z.output<typeof homeObservationSchema>;

export const homeObservationIri = (id: number) => `${API_AUTH_PREFIX}/home-observation/${id}`;
