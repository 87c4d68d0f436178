import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, stamps, users } from './accounts';
import { teachingClassStudents } from './classes';
import { ratings } from './learning';

/**
 * A comment on a rating (DESIGN §11), by a family linked to a child the rating names (or, for a whole-class rating, to
 * any child of the class) or by a teacher of the class. A family's comment carries the commenter's child's place: it
 * is seen by the users linked to that place and by the class's teachers, and goes with the place's erasure. A
 * teacher's comment has no place and is seen by everyone who sees the rating.
 */
export const ratingComments = pgTable(
  'rating_comment',
  {
    id: serial('id').primaryKey(),
    ratingId: belongsTo('rating_id', () => ratings.id),
    authorId: belongsTo('author_id', () => users.id),
    teachingClassStudentId: integer('teaching_class_student_id').references(() => teachingClassStudents.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** Hidden by a teacher: still seen by the class's teachers, no longer by families. */
    isHidden: boolean('is_hidden').notNull().default(false),
    ...stamps,
  },
  (t) => [
    index('rating_comment_rating_idx').on(t.ratingId, t.id),
    index('rating_comment_author_idx').on(t.authorId),
    index('rating_comment_place_idx')
      .on(t.teachingClassStudentId)
      .where(sql`${t.teachingClassStudentId} is not null`),
  ],
);

/** A heart on a rating: one per user and rating; a family's carries its child's place, as a comment does. */
export const ratingReactions = pgTable(
  'rating_reaction',
  {
    id: serial('id').primaryKey(),
    ratingId: belongsTo('rating_id', () => ratings.id),
    userId: belongsTo('user_id', () => users.id),
    teachingClassStudentId: integer('teaching_class_student_id').references(() => teachingClassStudents.id, { onDelete: 'cascade' }),
    ...stamps,
  },
  (t) => [
    uniqueIndex('rating_reaction_uq').on(t.ratingId, t.userId),
    index('rating_reaction_user_idx').on(t.userId),
    index('rating_reaction_place_idx')
      .on(t.teachingClassStudentId)
      .where(sql`${t.teachingClassStudentId} is not null`),
  ],
);
