import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { type studentProfileUserInvitations, type teachingClassTeacherInvitations } from './schema';

/** Both kinds of invitation: pending while `is_approved` is null, then answered once. */
type InvitationTable = typeof teachingClassTeacherInvitations | typeof studentProfileUserInvitations;

/** `isPending=1/0` of the invitation lists: still waiting, or answered. */
export const pendingCondition = (t: InvitationTable, isPending: boolean | undefined) => (isPending === undefined ? undefined : isPending ? isNull(t.isApproved) : isNotNull(t.isApproved));

/** Answers a pending invitation; null when it was answered meanwhile (the first answer wins). */
export async function answerPending(db: DbOrTx, t: InvitationTable, id: number, isApproved: boolean) {
  const [row] = await db
    .update(t)
    .set({ isApproved, updated: new Date() })
    .where(and(eq(t.id, id), isNull(t.isApproved)))
    .returning({ id: t.id });
  return row ?? null;
}
