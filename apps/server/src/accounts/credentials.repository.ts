import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { refreshTokens, signInFailures } from '../db/schema';

/**
 * The SQL of what both signing in (auth) and account changes (users) need: failed sign-in counting and the revocation
 * of a user's sessions. It lives under both modules so that neither imports the other for it.
 */
export const credentialsRepository = {
  /** Every login of a user but one (the session that changed the password keeps going). */
  async revokeSessionsExcept(db: DbOrTx, userId: number, family: string | null) {
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

};
