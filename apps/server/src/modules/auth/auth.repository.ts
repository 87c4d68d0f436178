import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordResets, refreshTokens, signInFailures } from '../../db/schema';

export const authRepository = {
  async insertRefresh(db: DbOrTx, v: { tokenHash: string; family: string; userId: number; expiresAt: Date }) {
    await db.insert(refreshTokens).values(v);
  },

  /** Marks a refresh token used, atomically: only one caller wins a given token. */
  async consumeRefresh(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
      .returning();
    return row ?? null;
  },

  async findRefresh(db: DbOrTx, tokenHash: string) {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row ?? null;
  },

  async revokeFamily(db: DbOrTx, family: string) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
  },

  async revokeAllOfUser(db: DbOrTx, userId: number) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },

  /** Every login of a user but one (the session that changed the password keeps going). */
  async revokeAllOfUserExcept(db: DbOrTx, userId: number, family: string | null) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), family ? ne(refreshTokens.family, family) : undefined));
  },

  /** Counts one more attempt and answers the count with the lock; a streak an hour old is forgotten. */
  async countAttempt(db: DbOrTx, key: string) {
    const stale = sql`${signInFailures.updated} < now() - interval '1 hour'`;
    const [row] = await db
      .insert(signInFailures)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: signInFailures.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${signInFailures.failures} + 1 end`,
          lockedUntil: sql`case when ${stale} then null else ${signInFailures.lockedUntil} end`,
          updated: sql`now()`,
        },
      })
      .returning({ failures: signInFailures.failures, lockedUntil: signInFailures.lockedUntil });
    return row!;
  },

  async lockUntil(db: DbOrTx, key: string, until: Date) {
    await db.update(signInFailures).set({ lockedUntil: until }).where(eq(signInFailures.key, key));
  },

  async clearFailures(db: DbOrTx, key: string) {
    await db.delete(signInFailures).where(eq(signInFailures.key, key));
  },

  async pruneExpired(db: DbOrTx, before: Date) {
    await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before));
    await db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, before)));
    await db.delete(signInFailures).where(lt(signInFailures.updated, new Date(before.getTime() - 24 * 3600_000)));
  },

  async insertReset(db: DbOrTx, v: { tokenHash: string; userId: number; expiresAt: Date }) {
    await db.insert(passwordResets).values(v);
  },

  async consumeReset(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt)))
      .returning();
    return row ?? null;
  },
};
