import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushTokens } from '../../db/schema';

export type PushTokenRow = typeof pushTokens.$inferSelect;

export const pushRepository = {
  async findById(db: DbOrTx, id: number) {
    const [row] = await db.select().from(pushTokens).where(eq(pushTokens.id, id));
    return row ?? null;
  },

  /**
   * Stores a browser's subscription for a user, once per endpoint: posting it again answers the same row, and a
   * browser that another user signs in to now notifies that user (the previous one no longer receives its pushes).
   */
  async upsert(db: DbOrTx, userId: number, token: string, endpoint: string) {
    const [row] = await db
      .insert(pushTokens)
      .values({ userId, token, endpoint })
      .onConflictDoUpdate({
        target: pushTokens.endpoint,
        set: {
          token,
          userId,
          // A new owner starts with fresh counters; the same owner keeps them.
          errorCount: sql`case when ${pushTokens.userId} = ${userId} then ${pushTokens.errorCount} else 0 end`,
          messageCount: sql`case when ${pushTokens.userId} = ${userId} then ${pushTokens.messageCount} else 0 end`,
          updated: new Date(),
        },
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ ...getTableColumns(pushTokens), inserted: sql<boolean>`(xmax = 0)` });
    const { inserted, ...stored } = row!;
    return { row: stored, inserted };
  },

  listOfUser: (db: DbOrTx, userId: number) => db.select().from(pushTokens).where(eq(pushTokens.userId, userId)),

  async delete(db: DbOrTx, id: number) {
    await db.delete(pushTokens).where(eq(pushTokens.id, id));
  },

  async countMessage(db: DbOrTx, id: number) {
    await db
      .update(pushTokens)
      .set({ messageCount: sql`${pushTokens.messageCount} + 1`, updated: new Date() })
      .where(eq(pushTokens.id, id));
  },

  async countError(db: DbOrTx, id: number) {
    await db
      .update(pushTokens)
      .set({ errorCount: sql`${pushTokens.errorCount} + 1`, updated: new Date() })
      .where(eq(pushTokens.id, id));
  },
};
