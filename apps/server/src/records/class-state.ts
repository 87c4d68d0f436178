import { eq } from 'drizzle-orm';
import { CLASS_MESSAGES } from '@skillroom/contract';
import type { DbOrTx } from '../db/client';
import { teachingClasses } from '../db/schema';
import { conflict } from '../http/errors';

/**
 * DESIGN §7 "A finished class is read-only until it is reopened": the one place every write to a class's content
 * (ratings and their students and attachments, places, the skills it uses, invitations and family links) asks.
 *
 * The check runs inside the write's transaction, on the class row locked before anything else (the lock order of
 * records/erasure.ts: classes first). `share` is the weakest lock that still makes finishing the class (an update of
 * the row) wait for the write to commit, so a write never lands in a class finished meanwhile; writes of the same
 * class do not wait on each other. Callers that already need the row to themselves pass `update`.
 */
export type ClassLock = 'share' | 'no key update' | 'update';

/** Refuses (409) a change to a finished class; `message` lets a path that cannot reopen it say so in its own words. */
export function refuseIfFinished(cls: { isFinished: boolean }, message: string = CLASS_MESSAGES.finished) {
  if (cls.isFinished) throw conflict(message);
}

/** Locks the class and refuses (409) when it is finished; false when the class is gone. */
export async function lockOpenClass(tx: DbOrTx, classId: number, strength: ClassLock = 'share', message?: string) {
  const [row] = await tx
    .select({ isFinished: teachingClasses.isFinished })
    .from(teachingClasses)
    .where(eq(teachingClasses.id, classId))
    .for(strength);
  if (!row) return false;
  refuseIfFinished(row, message);
  return true;
}
