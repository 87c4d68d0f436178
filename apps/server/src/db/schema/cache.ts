import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import { teachingClasses } from './classes';

/**
 * Version counters of the cached reads, one row per class (DESIGN §14 "No global lock"): row triggers (migration 0011)
 * add one to a class's counters in the transaction that writes what its answers are made of, so the new version is
 * seen exactly when the change is, and a write locks only the counters of the classes it touches. `classes` covers the
 * class answers (class, teachers, places, school, level, subscription, avatars), `ratings` its ratings feed.
 */
export const classVersions = pgTable('class_version', {
  teachingClassId: integer('teaching_class_id')
    .primaryKey()
    .references(() => teachingClasses.id, { onDelete: 'cascade' }),
  classes: bigint('classes', { mode: 'number' }).notNull().default(0),
  ratings: bigint('ratings', { mode: 'number' }).notNull().default(0),
});
