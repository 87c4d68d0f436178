import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Version counters of cached reads. A statement trigger on every table a cached answer is made of bumps its row in the
 * writing transaction, so the new version becomes visible exactly when the change does (see lib/versioned-cache.ts).
 */
export const dataVersion = pgTable('data_version', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
