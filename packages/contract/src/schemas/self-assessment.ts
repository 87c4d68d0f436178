import { z } from 'zod';
import { RATING_LIMITS, RATING_MESSAGES, RATING_POINTS } from '../rating-rules';
import { SELF_ASSESSMENT_PAGE_SIZE, SELF_ASSESSMENT_REFLECTION_MAX } from '../self-assessment-rules';
import { V, optionalText, refSchema, writeBody } from './common';
import { filter, listQuery } from './filters';
import { stageSchema } from './learning-skill';
import type { Media } from './media';
import { jsonLdObject, resourceSchema, stampFields } from './responses';

/**
 * DESIGN §12 "Self-assessment": a student rates themself on a skill of their class, points naming one of its stages,
 * with a reflection and the same attachments as a rating (their own uploads of the rating media types).
 */
export const selfAssessmentCreateBody = writeBody(
  {
    teachingClassStudent: refSchema,
    learningSkill: refSchema,
    points: z
      .number({ error: V.type })
      .int({ error: RATING_MESSAGES.points })
      .min(RATING_POINTS.min, { error: RATING_MESSAGES.points })
      .max(RATING_POINTS.max, { error: RATING_MESSAGES.points }),
    reflection: optionalText(SELF_ASSESSMENT_REFLECTION_MAX),
    medias: z.array(refSchema, { error: V.type }).max(RATING_LIMITS.medias, { error: V.type }).optional(),
    /**
     * Its own id, chosen by the device (DESIGN §7 offline, as an observation's): the same student sending the same id
     * again gets the one written (200), never a second one.
     */
    clientId: z.uuid({ error: V.type }).optional(),
  },
  ['teachingClass', 'creator', 'stage', 'date'],
);
export type SelfAssessmentCreateBody = z.input<typeof selfAssessmentCreateBody>;

/** `GET /self-assessments?teachingClassStudent.id=`: one child's, newest first; a skill narrows it. */
export const selfAssessmentListQuery = listQuery(
  {
    'teachingClassStudent.id': filter.ids('self-assessments of these places (TeachingClassStudent ids); required'),
    'learningSkill.id': filter.ids(),
  },
  SELF_ASSESSMENT_PAGE_SIZE,
);

// The registry's Media schema is typed loosely (any resource); its parse answers a Media, as the other embeds declare.
const embeddedMedia = resourceSchema('Media') as unknown as z.ZodType<Media>;

export const selfAssessmentSchema = jsonLdObject('SelfAssessment', {
  ...stampFields,
  teachingClass: z.string(),
  teachingClassStudent: z.string(),
  learningSkill: z.object({ '@id': z.string(), id: z.number().int(), name: z.string(), translationKey: z.string().nullable() }),
  points: z.number().int(),
  /** The stage the points name, in the reader's language (null when the skill's stages changed since). */
  stage: stageSchema.nullable(),
  reflection: z.string().nullable(),
  /** The student who wrote it; null once their account is gone. */
  creator: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  medias: z.array(embeddedMedia),
  /** The id its device chose (a save kept offline is found by it in the list); null when none was sent. */
  clientId: z.string().nullable(),
});
export type SelfAssessment = z.output<typeof selfAssessmentSchema>;
