import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { V, nullableRef, optionalText, refSchema, writeBody } from './common';
import { filter, listQuery } from './filters';
import { mediaSchema } from './media';
import { jsonLdObject, stampFields } from './responses';
import { LEARNING_SKILL_LIMITS, LEARNING_SKILL_MESSAGES } from '../learning-skill-rules';
import { personName } from './names';
import { GROWTH_MESSAGES, STAGE_LIMITS, stagesProblem } from '../growth-rules';
import { RATING_POINTS } from '../rating-rules';

const stagePoints = z
  .number({ error: V.type })
  .int({ error: GROWTH_MESSAGES.stagePoints })
  .min(RATING_POINTS.min, { error: GROWTH_MESSAGES.stagePoints })
  .max(RATING_POINTS.max, { error: GROWTH_MESSAGES.stagePoints });

/**
 * One stage as written (DESIGN §12). `translationKey`, sent back as read, is kept only while the texts are still that
 * key's in some language (the server checks): a stage renamed by its writer is the writer's text.
 */
export const stageBody = z
  .strictObject({
    points: stagePoints,
    name: personName(STAGE_LIMITS.nameMax),
    description: optionalText(STAGE_LIMITS.descriptionMax),
    translationKey: z.string({ error: V.type }).nullable().optional(),
  })
  .transform(({ points, name, description, translationKey }) => ({
    points,
    name,
    description: description ?? '',
    translationKey: translationKey ?? null,
  }));

/** A skill's stages as written: 2 to 6, ordered by points, each with points of its own (400 on `stages` otherwise). */
export const stagesBody = z.array(stageBody, { error: V.type }).superRefine((stages, ctx) => {
  const problem = stagesProblem(stages);
  if (problem) ctx.addIssue({ code: 'custom', message: GROWTH_MESSAGES[problem] });
});

/** A colour as #rrggbb. */
export const colorCodeSchema = z
  .string({ error: V.type })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: LEARNING_SKILL_MESSAGES.colorCode })
  .transform((v) => v.toLowerCase());

const skillFields = {
  name: personName(LEARNING_SKILL_LIMITS.nameMax),
  colorCode: colorCodeSchema,
  /** A custom icon (media type 42) uploaded by the user, or a catalogue icon (33). */
  avatar: nullableRef,
  /** DESIGN §12: 2 to 6 stages; a new skill that names none gets the four generic ones. */
  stages: stagesBody.optional(),
};

/** What a skill shows but is not written through its body. */
const skillReadOnly = ['translationKey', 'framework', 'isPublic', 'creator', 'canEdit', 'learningActions', 'teachingClassLearningSkill'];

/** The colour a custom skill takes when its creator names none (the product's API treats the colour as optional). */
export const DEFAULT_SKILL_COLOR = '#1a7f5a';

/** `POST /learning-skill`. With `teachingClass`, the new skill is also added to that class (made from the class screen). */
export const learningSkillCreateBody = writeBody(
  { ...skillFields, colorCode: colorCodeSchema.default(DEFAULT_SKILL_COLOR), teachingClass: refSchema.optional() },
  skillReadOnly,
);
export type LearningSkillCreateBody = z.input<typeof learningSkillCreateBody>;

export const learningSkillPatchBody = writeBody(skillFields, skillReadOnly).partial();
export type LearningSkillPatchBody = z.input<typeof learningSkillPatchBody>;

/**
 * `PUT /learning-skill/{id}`: a full replace of the product's write model (name required, avatar not sent is
 * cleared) with PATCH's rules; colorCode (ours, unknown to the product's clients) changes only when sent.
 */
export const learningSkillPutBody = writeBody(
  { ...skillFields, colorCode: colorCodeSchema.optional(), avatar: nullableRef.transform((v) => v ?? null) },
  skillReadOnly,
);
export type LearningSkillPutBody = z.input<typeof learningSkillPutBody>;

export const learningSkillListQuery = listQuery({
  isPublic: filter.flag('the predefined catalogue (1) or custom skills (0)'),
  'creator.id': filter.ids(),
  id: filter.ids(),
});

const position = z.number({ error: V.type }).int({ error: V.type }).min(0, { error: V.type }).max(10000, { error: V.type });

export const learningActionCreateBody = writeBody(
  { learningSkill: refSchema, name: personName(LEARNING_SKILL_LIMITS.actionNameMax), position: position.optional() },
  ['translationKey'],
);
export type LearningActionCreateBody = z.input<typeof learningActionCreateBody>;

// An action stays in its skill: `learningSkill` sent back is read, not moved.
export const learningActionPatchBody = writeBody({ name: personName(LEARNING_SKILL_LIMITS.actionNameMax), position }, [
  'translationKey',
  'learningSkill',
]).partial();
export type LearningActionPatchBody = z.input<typeof learningActionPatchBody>;

export const learningActionListQuery = listQuery({
  'learningSkill.id': filter.ids(),
  id: filter.ids(),
});

/** `GET /teaching-class/{id}/learning-skills`: no filters; all of a class's skills fit one page. */
export const classLearningSkillListQuery = listQuery({}, PAGE_SIZE.max);

export const teachingClassLearningSkillCreateBody = writeBody({ teachingClass: refSchema, learningSkill: refSchema });
export type TeachingClassLearningSkillCreateBody = z.input<typeof teachingClassLearningSkillCreateBody>;

export const teachingClassLearningSkillListQuery = listQuery({
  'teachingClass.id': filter.ids(),
  'learningSkill.id': filter.ids(),
});

/** One observable behaviour of a skill ("Listens actively"). */
export const learningActionSchema = jsonLdObject('LearningAction', {
  ...stampFields,
  /** The name as written (custom actions), or the English text of a catalogue action. */
  name: z.string(),
  /** Catalogue actions: a translation key the client shows in its language; null for custom actions. */
  translationKey: z.string().nullable(),
  position: z.number().int(),
  learningSkill: z.string(),
});
export type LearningAction = z.output<typeof learningActionSchema>;

/** A stage as answered: `translationKey` names the texts of catalogue and generic stages (null: written by the skill's creator). */
export const stageSchema = z.strictObject({
  points: z.number().int(),
  name: z.string(),
  description: z.string(),
  translationKey: z.string().nullable(),
});
export type SkillStage = z.output<typeof stageSchema>;

/** A learning skill (the specification's "learning action group"). */
export const learningSkillSchema = jsonLdObject('LearningSkill', {
  ...stampFields,
  name: z.string(),
  /** Catalogue skills: a translation key the client shows in its language; null for custom skills. */
  translationKey: z.string().nullable(),
  colorCode: z.string(),
  avatar: mediaSchema.nullable(),
  /** True for the predefined catalogue. */
  isPublic: z.boolean(),
  /** The creator's IRI; null for the catalogue. */
  creator: z.string().nullable(),
  /** Whether the signed-in user may edit it (custom skills: their creator). */
  canEdit: z.boolean().optional(),
  /** Ordered actions, embedded where a screen needs them (the class's skills). */
  learningActions: z.array(learningActionSchema).optional(),
  /** DESIGN §12: the skill's stages by rising points, in the reader's language (catalogue and generic texts). */
  stages: z.array(stageSchema),
  /** The framework a catalogue skill belongs to (DESIGN §12); null for custom skills. */
  framework: z.string().nullable(),
});
export type LearningSkill = z.output<typeof learningSkillSchema>;

/** A skill as a class uses it: `GET /teaching-class/{id}/learning-skills`. */
export const classLearningSkillSchema = learningSkillSchema.extend({
  learningActions: z.array(learningActionSchema),
  /** The IRI of the link, for `DELETE /teaching-class-learning-skill/{id}`. */
  teachingClassLearningSkill: z.string(),
});
export type ClassLearningSkill = z.output<typeof classLearningSkillSchema>;

/** A class's choice of a skill. A choice is made and removed, never changed: `updated` is when it was made. */
export const teachingClassLearningSkillSchema = jsonLdObject('TeachingClassLearningSkill', {
  ...stampFields,
  teachingClass: z.string(),
  learningSkill: learningSkillSchema,
});
export type TeachingClassLearningSkill = z.output<typeof teachingClassLearningSkillSchema>;
