import { inArray, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { selfAssessments } from '../db/schema';

/**
 * The self-assessments (DESIGN §12) of a place or of classes, read before the erasure's cascade takes them: the kept
 * answers of their writes (`Idempotency-Key`) carry the child's reflection and are cut to their `@id` too.
 */
export async function selfAssessmentIdsOf(tx: DbOrTx, of: { placeId: number } | { classIds: number[] }) {
  const where =
    'placeId' in of ? eq(selfAssessments.teachingClassStudentId, of.placeId) : inArray(selfAssessments.teachingClassId, of.classIds);
  return (await tx.select({ id: selfAssessments.id }).from(selfAssessments).where(where)).map((r) => r.id);
}
