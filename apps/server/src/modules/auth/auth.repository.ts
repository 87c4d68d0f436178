import { and, eq, isNull, lt, or } from 'drizzle-orm';
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
