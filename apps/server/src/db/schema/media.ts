import { integer, index, pgTable, real, serial, text, timestamp, jsonb } from 'drizzle-orm/pg-core';

export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    fileOriginalName: text('file_original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    fileDimensions: text('file_dimensions'),
    duration: real('duration'),
    mediaType: integer('media_type').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    uploaderId: integer('uploader_id'),
    /** Audio and video to be made playable everywhere: 'pending', 'running', 'failed'; null when there is nothing to do. */
    transcodeState: text('transcode_state'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_type_idx').on(t.mediaType), index('media_uploader_idx').on(t.uploaderId), index('media_transcode_idx').on(t.transcodeState)],
);

export const analyticsEvents = pgTable(
  'analytics_event',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    name: text('name').notNull(),
    screen: text('screen'),
    properties: jsonb('properties'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_event_created_idx').on(t.created)],
);
