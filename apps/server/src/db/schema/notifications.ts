import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, stamps, users } from './accounts';
import { teachingClassStudents } from './classes';

/**
 * A message to one user about an event (DESIGN §3). Stored as a text key with its parameters and written in the
 * reader's language when read (DESIGN §3); `title` and `message` keep the words of rows made before keys were stored.
 */
export const notifications = pgTable(
  'notification',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    notificationType: integer('notification_type').notNull(),
    entityType: integer('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** The locale files' key under `notification.`, e.g. `teacher_created`; null for rows made before keys were stored. */
    textKey: text('text_key'),
    /** Values of the text's placeholders (names of people, classes, students, dates). */
    params: jsonb('params').$type<Record<string, string>>(),
    isRead: boolean('is_read').notNull().default(false),
    platformType: text('platform_type').notNull().default('web'),
    /** The screen a click opens (spec §2), relative to /web. */
    path: text('path'),
    /**
     * The child's place a notice is about (DESIGN §11's new evidence names the child): the notice goes with the place,
     * so no child's name outlives their record. Null for notices about no one child.
     */
    teachingClassStudentId: integer('teaching_class_student_id').references(() => teachingClassStudents.id, { onDelete: 'cascade' }),
    /** Set by the one instance that claims the Web Push delivery of this notification. */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    ...stamps,
  },
  (t) => [
    // The list, newest first, and the stream's catch-up after an id.
    index('notification_user_idx').on(t.userId, t.id.desc()),
    // The badge: unread ones only.
    index('notification_unread_idx')
      .on(t.userId, t.id.desc())
      .where(sql`not ${t.isRead}`),
    // A place's erasure finds its notices through the foreign key's cascade.
    index('notification_place_idx')
      .on(t.teachingClassStudentId)
      .where(sql`${t.teachingClassStudentId} is not null`),
    // New evidence withdrawn with its rating.
    index('notification_entity_idx').on(t.entityType, t.entityId),
    // Those no instance has pushed yet (a few at most): swept after a lost database connection or a restart.
    index('notification_unpushed_idx')
      .on(t.id)
      .where(sql`${t.pushedAt} is null`),
  ],
);

/** A browser's Web Push subscription (spec §3 "push token record"); one row per subscription endpoint. */
export const pushTokens = pgTable(
  'push_token',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    /** The subscription as the browser gave it (JSON). */
    token: text('token').notNull(),
    endpoint: text('endpoint').notNull(),
    errorCount: integer('error_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex('push_token_endpoint_uq').on(t.endpoint), index('push_token_user_idx').on(t.userId)],
);
