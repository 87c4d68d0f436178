import { eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { type studentProfileUserInvitations, type teachingClassTeacherInvitations } from './schema';

/** Both kinds of invitation: pending while `is_approved` is null, then answered once. */
type InvitationTable = typeof teachingClassTeacherInvitations | typeof studentProfileUserInvitations;

/** `isPending=1/0` of the invitation lists: still waiting, or answered. */
export const pendingCondition = (t: InvitationTable, isPending: boolean | undefined) =>
  isPending === undefined ? undefined : isPending ? isNull(t.isApproved) : isNotNull(t.isApproved);

export type AnswerOutcome = 'written' | 'same' | 'other' | 'gone';

/**
 * Answers an invitation with its row locked until the transaction ends: `written` (it was pending), or nothing and
 * `same` (that answer was already given, e.g. by a concurrent double click), `other` (the other answer was given: a
 * 409) or `gone` (a 404). Concurrent answers queue on the row, so each sees the one before it: DESIGN §4's "the same
 * answer twice is one answer, the other a conflict" holds under concurrency on PostgreSQL as on PGlite.
 */
export async function answerPending(tx: DbOrTx, t: InvitationTable, id: number, isApproved: boolean): Promise<AnswerOutcome> {
  const [row] = await tx.select({ isApproved: t.isApproved }).from(t).where(eq(t.id, id)).for('update');
  if (!row) return 'gone';
  if (row.isApproved !== null) return row.isApproved === isApproved ? 'same' : 'other';
  await tx.update(t).set({ isApproved, updated: new Date() }).where(eq(t.id, id));
  return 'written';
}
