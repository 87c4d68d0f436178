import { and, asc, count, eq, exists, sql } from 'drizzle-orm';
import type { SubscriptionRole } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { subscriptionMembers, subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionWithRoles = SubscriptionRow & { userRoles: SubscriptionRole[] };

// Explicit table names: drizzle leaves columns unqualified in single-table selects, which a correlated subquery would misread.
const userRoles = (userId: number) =>
  sql<SubscriptionRole[]>`array(select distinct sm.role from subscription_member sm where sm.subscription_id = "subscription"."id" and sm.user_id = ${userId} order by 1)`;
const isMember = (userId: number) =>
  exists(sql`(select 1 from subscription_member sm where sm.subscription_id = "subscription"."id" and sm.user_id = ${userId})`);

export const subscriptionsRepository = {
  /** The subscriptions a user belongs to, as teacher or evaluator. */
  async listForUser(db: DbOrTx, userId: number, limit: number, offset: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select({ subscription: subscriptions, userRoles: userRoles(userId) })
        .from(subscriptions)
        .where(isMember(userId))
        .orderBy(asc(subscriptions.name), asc(subscriptions.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(subscriptions).where(isMember(userId)),
    ]);
    return { rows: rows.map((r) => ({ ...r.subscription, userRoles: r.userRoles })), total: total?.n ?? 0 };
  },

  /** A subscription with the user's roles in it; roles are empty when they are not a member. */
  async findWithRoles(db: DbOrTx, id: number, userId: number): Promise<SubscriptionWithRoles | null> {
    const [row] = await db.select({ subscription: subscriptions, userRoles: userRoles(userId) }).from(subscriptions).where(eq(subscriptions.id, id));
    return row ? { ...row.subscription, userRoles: row.userRoles } : null;
  },

  async findById(db: DbOrTx, id: number): Promise<SubscriptionRow | null> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row ?? null;
  },

  async hasMember(db: DbOrTx, subscriptionId: number, userId: number, role: SubscriptionRole) {
    const [row] = await db
      .select({ one: sql`1` })
      .from(subscriptionMembers)
      .where(and(eq(subscriptionMembers.subscriptionId, subscriptionId), eq(subscriptionMembers.userId, userId), eq(subscriptionMembers.role, role)));
    return Boolean(row);
  },

  async insert(db: DbOrTx, values: typeof subscriptions.$inferInsert) {
    const [row] = await db.insert(subscriptions).values(values).returning({ id: subscriptions.id });
    return row!.id;
  },

  /** Adds a member; adding one twice is harmless. */
  async addMember(db: DbOrTx, subscriptionId: number, userId: number, role: SubscriptionRole) {
    await db.insert(subscriptionMembers).values({ subscriptionId, userId, role }).onConflictDoNothing();
  },

  /** Every subscription with its number of teachers and evaluators, for the admin tool. */
  listAll: (db: DbOrTx) =>
    db
      .select({
        subscription: subscriptions,
        teachers: sql<number>`(select count(*)::int from subscription_member m where m.subscription_id = "subscription"."id" and m.role = 'teacher')`,
        evaluators: sql<number>`(select count(*)::int from subscription_member m where m.subscription_id = "subscription"."id" and m.role = 'evaluator')`,
      })
      .from(subscriptions)
      .orderBy(asc(subscriptions.id)),
};
