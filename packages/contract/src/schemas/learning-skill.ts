import { z } from 'zod';
import { V, nullableRef, paginationQuery, refSchema, requiredText, type JsonLd } from './common';
import type { Media } from './media';
import { idList } from './student';
import { queryFlag } from './teaching-class';

/** Limits of the learning-skill catalogue and of custom skills (DESIGN §3). */
export const LEARNING_SKILL_LIMITS = {
  nameMax: 100,
  actionNameMax: 200,
  /** Actions per skill; the catalogue ships 3 to 5. */
  actionsMax: 50,
} as const;

export const LEARNING_SKILL_MESSAGES = {
  colorCode: 'This value should be a colour such as #1a7f5a.',
  catalogue: 'The catalogue skills cannot be changed.',
  alreadyInClass: 'This skill is already used by this class.',
  notInClass: 'This learning action belongs to a skill this class does not use.',
  actionInUse: 'This learning action has ratings and cannot be deleted.',
} as const;

/** A colour as #rrggbb. */
export const colorCodeSchema = z
  .string({ error: V.type })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: LEARNING_SKILL_MESSAGES.colorCode })
  .transform((v) => v.toLowerCase());

const skillFields = {
  name: requiredText(LEARNING_SKILL_LIMITS.nameMax),
  colorCode: colorCodeSchema,
  /** A custom icon (media type 42) uploaded by the user, or a catalogue icon (33). */
  avatar: nullableRef,
};

/** `POST /learning-skill`. With `teachingClass`, the new skill is also added to that class (made from the class screen). */
export const learningSkillCreateBody = z.object({ ...skillFields, teachingClass: refSchema.optional() }).strict();
export type LearningSkillCreateBody = z.input<typeof learningSkillCreateBody>;

export const learningSkillPatchBody = z.object(skillFields).partial().strict();
export type LearningSkillPatchBody = z.input<typeof learningSkillPatchBody>;

export const learningSkillListQuery = paginationQuery.extend({
  isPublic: queryFlag.optional(),
  'creator.id': idList.optional(),
  id: idList.optional(),
});

const position = z.number({ error: V.type }).int({ error: V.type }).min(0, { error: V.type }).max(10000, { error: V.type });

export const learningActionCreateBody = z
  .object({ learningSkill: refSchema, name: requiredText(LEARNING_SKILL_LIMITS.actionNameMax), position: position.optional() })
  .strict();
export type LearningActionCreateBody = z.input<typeof learningActionCreateBody>;

export const learningActionPatchBody = z.object({ name: requiredText(LEARNING_SKILL_LIMITS.actionNameMax), position }).partial().strict();
export type LearningActionPatchBody = z.input<typeof learningActionPatchBody>;

export const learningActionListQuery = paginationQuery.extend({
  'learningSkill.id': idList.optional(),
  id: idList.optional(),
});

export const teachingClassLearningSkillCreateBody = z.object({ teachingClass: refSchema, learningSkill: refSchema }).strict();
export type TeachingClassLearningSkillCreateBody = z.input<typeof teachingClassLearningSkillCreateBody>;

export const teachingClassLearningSkillListQuery = paginationQuery.extend({
  'teachingClass.id': idList.optional(),
  'learningSkill.id': idList.optional(),
});

/** One observable behaviour of a skill ("Listens actively"). */
export interface LearningAction extends JsonLd {
  id: number;
  created: string;
  updated: string;
  /** The name as written (custom actions), or the English text of a catalogue action. */
  name: string;
  /** Catalogue actions: a translation key the client shows in its language; null for custom actions. */
  translationKey: string | null;
  position: number;
  learningSkill: string;
}

/** A learning skill (the specification's "learning action group"). */
export interface LearningSkill extends JsonLd {
  id: number;
  created: string;
  updated: string;
  name: string;
  /** Catalogue skills: a translation key the client shows in its language; null for custom skills. */
  translationKey: string | null;
  colorCode: string;
  avatar: Media | null;
  /** True for the predefined catalogue. */
  isPublic: boolean;
  /** The creator's IRI; null for the catalogue. */
  creator: string | null;
  /** Whether the signed-in user may edit it (custom skills: their creator). */
  canEdit?: boolean;
  /** Ordered actions, embedded where a screen needs them (the class's skills). */
  learningActions?: LearningAction[];
}

/** A skill as a class uses it: `GET /teaching-class/{id}/learning-skills`. */
export interface ClassLearningSkill extends LearningSkill {
  learningActions: LearningAction[];
  /** The IRI of the link, for `DELETE /teaching-class-learning-skill/{id}`. */
  teachingClassLearningSkill: string;
}

/** A class's choice of a skill. */
export interface TeachingClassLearningSkill extends JsonLd {
  id: number;
  created: string;
  teachingClass: string;
  learningSkill: LearningSkill;
}
