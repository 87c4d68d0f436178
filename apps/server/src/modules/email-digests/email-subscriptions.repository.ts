import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailSubscriptions } from '../../db/schema';

export type EmailSubscriptionRow = typeof emailSubscriptions.$inferSelect;

export const emailSubscriptionsRepository = {
  async findById(db: DbOrTx, id: number) {
    return (await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.id, id)))[0] ?? null;
  },

  async findByUser(db: DbOrTx, userId: number) {
    return (await db.select().from(emailSubscriptions).where(eq(emailSubscriptions.userId, userId)))[0] ?? null;
  },

  /** The new row, or null when the user has one already (the unique key decides between two at once). */
  async insert(db: DbOrTx, v: { userId: number; hasNewsletterSubscription: boolean; digest: string }) {
    const [row] = await db.insert(emailSubscriptions).values(v).onConflictDoNothing().returning();
    return row ?? null;
  },

  async update(db: DbOrTx, id: number, v: { hasNewsletterSubscription?: boolean; digest?: string }) {
    const [row] = await db
      .update(emailSubscriptions)
      .set({ ...v, updated: sql`now()` })
      .where(eq(emailSubscriptions.id, id))
      .returning();
    return row ?? null;
  },

  /**
   * The digest set for a user, made with the default's other fields when they have no row yet (unsubscribe): whether
   * anything changed (a digest already so is left as it was, its `updated` time too).
   */
  async setDigest(db: DbOrTx, userId: number, digest: string) {
    const rows = await db
      .insert(emailSubscriptions)
      .values({ userId, digest })
      .onConflictDoUpdate({
        target: emailSubscriptions.userId,
        set: { digest, updated: sql`now()` },
        setWhere: sql`${emailSubscriptions.digest} <> ${digest}`,
      })
      .returning({ id: emailSubscriptions.id });
    return rows.length > 0;
  },
};
