import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A write sent with an `Idempotency-Key` header and its first answer, kept 24 h (DESIGN §7): a repeat gets that answer
 * and writes nothing. In the database, not in memory, so the key holds across instances.
 */
export const idempotencyKeys = pgTable(
  'idempotency_key',
  {
    /** Whose key: `u:<user id>` when signed in, otherwise a hash of the client's address (keys of two users never meet). */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Gone with the account (DESIGN §6): an answer may hold what the user wrote. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Method, path and a hash of the body: the same key with another request answers 409. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs; a repeat waits for it. */
    statusCode: smallint('status_code'),
    responseHeaders: jsonb('response_headers'),
    /** A small answer (`smallAnswer`): ids and types of what the write made, never its content or a signed link. */
    responseBody: text('response_body'),
    /** The IRIs the kept answer names: an erasure finds the answers about what it deleted by these, never by their text. */
    names: text('names').array(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_key_created_idx').on(t.created),
    index('idempotency_key_user_idx').on(t.userId),
    index('idempotency_key_names_idx').using('gin', t.names),
  ],
);
