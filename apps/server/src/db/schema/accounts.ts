import { sql, type SQLWrapper } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { media } from './media';

const stamps = {
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
};
export { stamps };

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export const belongsTo = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target, { onDelete: 'cascade' });

/** A school name as compared: trimmed, runs of spaces as one, lower case. The unique index and the lookups share it. */
export const schoolNameKey = (name: SQLWrapper | string) => sql`lower(regexp_replace(btrim(${name}), '\\s+', ' ', 'g'))`;

export const schools = pgTable(
  'school',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ...stamps,
  },
  // One school per name, whatever its case and spacing, so that teachers of one school meet (and parallel sign-ups cannot split it).
  (t) => [uniqueIndex('school_name_key').on(schoolNameKey(t.name))],
);

export const users = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    accountType: text('account_type').notNull().default('teacher'),
    preferredLanguage: text('preferred_language').notNull().default('en'),
    phone: text('phone'),
    occupation: text('occupation'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{ROLE_USER}'::text[]`),
    avatarId: integer('avatar_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
    privacyPolicyLastAgreed: timestamp('privacy_policy_last_agreed', { withTimezone: true }),
    /** DESIGN §11: push and e-mail wait from start to end ("HH:mm") in the user's zone (IANA); null: never quiet. */
    quietHoursStart: text('quiet_hours_start'),
    quietHoursEnd: text('quiet_hours_end'),
    timeZone: text('time_zone').notNull().default('UTC'),
    ...stamps,
  },
  (t) => [
    uniqueIndex('app_user_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('app_user_email_uq').on(sql`lower(${t.email})`),
    index('app_user_school_idx').on(t.schoolId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_token',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    family: text('family').notNull(),
    userId: belongsTo('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refresh_token_hash_uq').on(t.tokenHash), index('refresh_token_family_idx').on(t.family)],
);

export const passwordResets = pgTable(
  'password_reset',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: belongsTo('user_id', () => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_hash_uq').on(t.tokenHash)],
);

/** Failed sign-ins per account (or per unknown login name, so that both look alike), for the growing lock. */
export const signInFailures = pgTable('sign_in_failure', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable('subscription', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  start: text('start').notNull(),
  end: text('end').notNull(),
  canCreateIndividual: boolean('can_create_individual').notNull().default(false),
  schoolId: integer('school_id').references(() => schools.id, { onDelete: 'set null' }),
  ...stamps,
});

/** Who belongs to a subscription: its teachers and its evaluators. */
export const subscriptionMembers = pgTable(
  'subscription_member',
  {
    id: serial('id').primaryKey(),
    subscriptionId: belongsTo('subscription_id', () => subscriptions.id),
    userId: belongsTo('user_id', () => users.id),
    role: text('role').notNull(), // 'teacher' | 'evaluator'
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_member_uq').on(t.subscriptionId, t.userId, t.role), index('subscription_member_user_idx').on(t.userId)],
);
