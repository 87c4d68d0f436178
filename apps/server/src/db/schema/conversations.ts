import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, stamps, users } from './accounts';
import { teachingClasses, teachingClassStudents } from './classes';
import { media } from './media';

/**
 * DESIGN §11: one conversation per child's place, between the users linked to it and the class's teachers, made with
 * its first message. It belongs to the place (and its class): the child's erasure takes it with every message.
 * `updated` is the time of its last message (the list's order).
 */
export const conversations = pgTable(
  'conversation',
  {
    id: serial('id').primaryKey(),
    teachingClassStudentId: belongsTo('teaching_class_student_id', () => teachingClassStudents.id),
    teachingClassId: belongsTo('teaching_class_id', () => teachingClasses.id),
    ...stamps,
  },
  (t) => [uniqueIndex('conversation_place_uq').on(t.teachingClassStudentId), index('conversation_class_idx').on(t.teachingClassId)],
);

/** A message of a conversation; an announcement is one per family's conversation of the class, marked as such. */
export const messages = pgTable(
  'message',
  {
    id: serial('id').primaryKey(),
    conversationId: belongsTo('conversation_id', () => conversations.id),
    /** Null once the author deleted their account ("Former member"): the child's record keeps what was said. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whether the author wrote as one of the class's teachers (the side it belongs to, kept if the author goes). */
    byTeacher: boolean('by_teacher').notNull(),
    text: text('text').notNull(),
    isAnnouncement: boolean('is_announcement').notNull().default(false),
    ...stamps,
  },
  (t) => [index('message_conversation_idx').on(t.conversationId, t.id.desc()), index('message_author_idx').on(t.authorId)],
);

/** Read receipts: who read which message, when (the author's own messages are read by them without a row). */
export const messageReads = pgTable(
  'message_read',
  {
    messageId: belongsTo('message_id', () => messages.id),
    userId: belongsTo('user_id', () => users.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('message_read_user_idx').on(t.userId)],
);

/**
 * A message's attachments (photo, video, audio, file: the rating kinds, DESIGN §11). An announcement's media is linked
 * to each of its messages, one per family's conversation; it goes with the last message that links it.
 */
export const messageMedias = pgTable(
  'message_media',
  {
    id: serial('id').primaryKey(),
    messageId: belongsTo('message_id', () => messages.id),
    mediaId: belongsTo('media_id', () => media.id),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_media_uq').on(t.messageId, t.mediaId), index('message_media_media_idx').on(t.mediaId)],
);
