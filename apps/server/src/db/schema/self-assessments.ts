import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, stamps, users } from './accounts';
import { teachingClasses, teachingClassStudents } from './classes';
import { learningSkills } from './learning';
import { media } from './media';

/**
 * DESIGN §12 "Self-assessment": a student's own rating of themself on a skill of their class, with a reflection. A
 * table of its own, never a rating: the teachers' figures (growth, coverage, reports) read `rating` only. It is part
 * of the child's record and goes with the place (cascade); the student's account going leaves it with no creator.
 */
export const selfAssessments = pgTable(
  'self_assessment',
  {
    id: serial('id').primaryKey(),
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    teachingClassStudentId: belongsTo('teaching_class_student_id', () => teachingClassStudents.id),
    learningSkillId: belongsTo('learning_skill_id', () => learningSkills.id),
    points: smallint('points').notNull(),
    reflection: text('reflection'),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The id the student's device chose for it (DESIGN §7 offline): a resend after the kept answer's day, or without its
     * `Idempotency-Key`, finds the one written instead of writing it twice. Null for those written before it existed.
     */
    clientId: uuid('client_id'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('self_assessment_client_id_uq').on(t.clientId),
    index('self_assessment_place_idx').on(t.teachingClassStudentId, t.learningSkillId, t.id),
    index('self_assessment_class_idx').on(t.teachingClassId),
    index('self_assessment_skill_idx').on(t.learningSkillId),
    index('self_assessment_creator_idx').on(t.creatorId),
  ],
);

/** An attachment of a self-assessment (a photo of the work, say), as `message_media` is a message's. */
export const selfAssessmentMedias = pgTable(
  'self_assessment_media',
  {
    id: serial('id').primaryKey(),
    selfAssessmentId: belongsTo('self_assessment_id', () => selfAssessments.id),
    mediaId: belongsTo('media_id', () => media.id),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('self_assessment_media_uq').on(t.selfAssessmentId, t.mediaId),
    index('self_assessment_media_media_idx').on(t.mediaId),
  ],
);
