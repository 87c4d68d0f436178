import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, stamps, users } from './accounts';
import { teachingClasses, teachingClassStudents, students } from './classes';
import { media } from './media';

/**
 * A stage as stored (DESIGN §12): the texts as written, or for the catalogue and the generic stages the English texts
 * with `key`, whose `.name` and `.description` the reader's language has.
 */
export interface StoredStage {
  points: number;
  name: string;
  description: string;
  key: string | null;
}

const GENERIC_EN = { beginning: 'Beginning', developing: 'Developing', secure: 'Secure', extending: 'Extending' } as const;
const GENERIC_DESCRIPTION_EN = {
  beginning: 'Starting out: does this with a lot of help.',
  developing: 'Getting there: does this with some help.',
  secure: 'Does this confidently on their own.',
  extending: 'Goes further and helps others do it.',
} as const;

/** The points of the generic stages: the contract's GENERIC_STAGES, written out so that the migration tool reads this file alone. */
const GENERIC_POINTS = { beginning: 1, developing: 2, secure: 4, extending: 5 } as const;

/** The four generic stages, a custom skill's when it names none (their texts live under `learning_stage.generic.*`). */
export const GENERIC_STORED_STAGES: StoredStage[] = (['beginning', 'developing', 'secure', 'extending'] as const).map((k) => ({
  points: GENERIC_POINTS[k],
  name: GENERIC_EN[k],
  description: GENERIC_DESCRIPTION_EN[k],
  key: `learning_stage.generic.${k}`,
}));

/** A learning skill (the specification's "learning action group"): the catalogue's (public) or a teacher's own. */
export const learningSkills = pgTable(
  'learning_skill',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Catalogue skills: the key of their name in the translation files; the seed finds them by it. */
    translationKey: text('translation_key'),
    colorCode: text('color_code').notNull(),
    avatarId: integer('avatar_id').references(() => media.id, { onDelete: 'set null' }),
    isPublic: boolean('is_public').notNull().default(false),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** DESIGN §12: 2 to 6 stages by rising points. */
    stages: jsonb('stages').$type<StoredStage[]>().notNull().default(GENERIC_STORED_STAGES),
    /** The framework (DESIGN §12) a catalogue skill belongs to; null for custom skills. */
    framework: text('framework'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('learning_skill_translation_key_uq').on(t.translationKey),
    index('learning_skill_creator_idx').on(t.creatorId),
    index('learning_skill_public_idx').on(t.isPublic),
    index('learning_skill_avatar_idx').on(t.avatarId),
  ],
);

/** One observable behaviour of a skill, in the skill's order. */
export const learningActions = pgTable(
  'learning_action',
  {
    id: serial('id').primaryKey(),
    learningSkillId: belongsTo('learning_skill_id', () => learningSkills.id),
    name: text('name').notNull(),
    translationKey: text('translation_key'),
    position: integer('position').notNull().default(0),
    ...stamps,
  },
  (t) => [
    uniqueIndex('learning_action_translation_key_uq').on(t.translationKey),
    index('learning_action_skill_idx').on(t.learningSkillId, t.position),
  ],
);

/** The skills a class uses. */
export const teachingClassLearningSkills = pgTable(
  'teaching_class_learning_skill',
  {
    id: serial('id').primaryKey(),
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    learningSkillId: belongsTo('learning_skill_id', () => learningSkills.id),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('teaching_class_learning_skill_uq').on(t.teachingClassId, t.learningSkillId),
    index('teaching_class_learning_skill_skill_idx').on(t.learningSkillId),
  ],
);

/** That a learning action (or a skill as a whole) was observed on a date, for some students of a class or (none named) the whole class. */
export const ratings = pgTable(
  'rating',
  {
    id: serial('id').primaryKey(),
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    // Always set: the action's skill, or the skill alone when the rating names no action (DESIGN §14, the product's
    // own rating model); reports and filters group by it without a join.
    learningSkillId: integer('learning_skill_id')
      .notNull()
      .references(() => learningSkills.id, { onDelete: 'restrict' }),
    learningActionId: integer('learning_action_id').references(() => learningActions.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    points: smallint('points').notNull().default(1),
    description: text('description'),
    /** True when no student is named: the rating counts for every student of the class. */
    isWholeClass: boolean('is_whole_class').notNull().default(true),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Ratings saved together share it (DESIGN §7): the feed shows them as one card, their attachments are stored once. */
    observation: uuid('observation')
      .notNull()
      .default(sql`gen_random_uuid()`),
    /** 'teacher', or 'home': a family's home observation a teacher approved (DESIGN §11), counted apart in reports. */
    source: text('source', { enum: ['teacher', 'home'] })
      .notNull()
      .default('teacher'),
    ...stamps,
  },
  (t) => [
    // An observation is found by its id alone (/observation/{id}); with a class filter too, the class's date index serves.
    index('rating_observation_idx').on(t.observation),
    // Feeds (newest first) and reports (a date range of one class) walk this index only. It also carries what growth and
    // coverage read of a rating (skill, points, whole-class, source; issue 38): their statements are index-only scans of
    // one class, planned as small serial reads beside a million other ratings (without them, parallel bitmap heap scans).
    index('rating_class_date_idx').on(
      t.teachingClassId,
      t.date.desc(),
      t.id.desc(),
      t.learningSkillId,
      t.points,
      t.isWholeClass,
      t.source,
    ),
    index('rating_skill_idx').on(t.learningSkillId),
    index('rating_action_idx').on(t.learningActionId),
    index('rating_creator_idx').on(t.creatorId),
  ],
);

/** A student named by a rating: the person and their place in the rating's class. */
export const ratingStudents = pgTable(
  'rating_student',
  {
    id: serial('id').primaryKey(),
    ratingId: belongsTo('rating_id', () => ratings.id),
    studentId: belongsTo('student_id', () => students.id),
    teachingClassStudentId: belongsTo('teaching_class_student_id', () => teachingClassStudents.id),
    // The rating's date, copied so that a student's ratings in a range are one index range.
    date: date('date', { mode: 'string' }).notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rating_student_uq').on(t.ratingId, t.teachingClassStudentId),
    index('rating_student_student_date_idx').on(t.studentId, t.date),
    index('rating_student_place_date_idx').on(t.teachingClassStudentId, t.date),
  ],
);

/** An attachment of a rating; a media item belongs to the ratings of one observation (stored once, linked to each). */
export const ratingMedias = pgTable(
  'rating_media',
  {
    id: serial('id').primaryKey(),
    ratingId: belongsTo('rating_id', () => ratings.id),
    mediaId: belongsTo('media_id', () => media.id),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rating_media_uq').on(t.ratingId, t.mediaId), index('rating_media_media_idx').on(t.mediaId)],
);

/**
 * A family's observation of their child at home (DESIGN §11), waiting for the class's teachers. It belongs to the
 * child's place (and so to the class) and to the family member who added it: each deletion takes it with its media.
 * Once approved it is a rating (`rating_id`), which then follows the ratings' own rules.
 */
export const homeObservations = pgTable(
  'home_observation',
  {
    id: serial('id').primaryKey(),
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    teachingClassStudentId: belongsTo('teaching_class_student_id', () => teachingClassStudents.id),
    learningActionId: belongsTo('learning_action_id', () => learningActions.id),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description'),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    creatorId: belongsTo('creator_id', () => users.id),
    ratingId: integer('rating_id').references(() => ratings.id, { onDelete: 'set null' }),
    ...stamps,
  },
  (t) => [
    index('home_observation_class_status_idx').on(t.teachingClassId, t.status, t.id),
    index('home_observation_place_idx').on(t.teachingClassStudentId, t.id),
    index('home_observation_creator_idx').on(t.creatorId),
    index('home_observation_action_idx').on(t.learningActionId),
    index('home_observation_rating_idx').on(t.ratingId),
  ],
);

/** An attachment of a home observation until it is approved, when the link moves to the rating (`rating_media`). */
export const homeObservationMedias = pgTable(
  'home_observation_media',
  {
    id: serial('id').primaryKey(),
    homeObservationId: belongsTo('home_observation_id', () => homeObservations.id),
    mediaId: belongsTo('media_id', () => media.id),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('home_observation_media_uq').on(t.homeObservationId, t.mediaId),
    index('home_observation_media_media_idx').on(t.mediaId),
  ],
);
