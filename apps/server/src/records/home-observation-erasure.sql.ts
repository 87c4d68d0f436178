import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { homeObservationMedias, homeObservations } from '../db/schema';

/**
 * Deletes one home observation (`Erasure.homeObservation`); its attachment links go by the cascade. Answers the media
 * it had attached, for the erasure to judge, or null when it was gone already.
 */
export async function deleteHomeObservation(tx: DbOrTx, id: number): Promise<number[] | null> {
  const links = await tx
    .select({ id: homeObservationMedias.mediaId })
    .from(homeObservationMedias)
    .where(eq(homeObservationMedias.homeObservationId, id));
  const gone = await tx.delete(homeObservations).where(eq(homeObservations.id, id)).returning({ id: homeObservations.id });
  return gone.length ? links.map((l) => l.id) : null;
}
