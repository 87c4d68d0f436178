import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, stamps, users } from './accounts';

/**
 * A user's e-mail choices (the product's email-subscription, DESIGN §11): the newsletter flag, and our digest
 * (`daily` | `weekly` | `off`). No row: the account type's default (families weekly). Goes with the account.
 */
export const emailSubscriptions = pgTable(
  'email_subscription',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    hasNewsletterSubscription: boolean('has_newsletter_subscription').notNull().default(false),
    digest: text('digest').notNull(),
    ...stamps,
  },
  (t) => [uniqueIndex('email_subscription_user_uq').on(t.userId)],
);

/**
 * One digest per user and period (`weekly:2026-10-09`, `daily:2026-10-05`, the local date it was due): the unique key
 * is claimed before the mail is sent, so two runs (or a run after a restart) never send one period twice. `state` is
 * `sending` while the mail goes, then `sent` or `empty` (nothing new: no mail). Its `until` is where the next one starts.
 */
export const emailDigests = pgTable(
  'email_digest',
  {
    id: serial('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    periodKey: text('period_key').notNull(),
    state: text('state').notNull().default('sending'),
    since: timestamp('since', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_digest_user_period_uq').on(t.userId, t.periodKey), index('email_digest_user_until_idx').on(t.userId, t.until)],
);
