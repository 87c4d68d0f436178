import type { Rating } from '@skillroom/contract';
import { isNetworkFailure } from '../../lib/api-client';
import { currentUserId } from '../../lib/session';
import { discardOutboxItem, outboxItemOf, sendItem, sentFromOutbox, type NewRatings } from './outbox-send';
import { getOutboxItem, putOutboxItem } from './outbox-store';
import { deleteRating } from './ratings-api';

export { placeIri, type NewRatings } from './outbox-send';

/** What a save did: the ratings the server made, or (offline) the outbox item that waits to send them. */
export interface SavedObservation {
  observation: string;
  ratings: Rating[];
  /** Set when the save waits on this device (DESIGN §7 offline outbox); `ratings` is then what was sent before the connection went. */
  queuedId?: string;
}

/**
 * One rating per chosen action (DESIGN §3), all sharing one observation (DESIGN §7): the uploads are stored once and
 * linked to each rating, so the feed shows one card and deleting one rating leaves the others' files in place.
 * Without a connection (or when it drops midway) the save waits in the outbox with its files and keys, and goes when
 * the connection returns; a refusal of the server while online is thrown as before, for the form to show.
 */
export async function createRatings(n: NewRatings): Promise<SavedObservation> {
  const item = outboxItemOf(n, currentUserId() ?? 0);
  const queue = async () => {
    await putOutboxItem(item);
    return { observation: item.observation, ratings: item.steps.flatMap((s) => (s.rating ? [s.rating] : [])), queuedId: item.id };
  };
  if (!navigator.onLine) return queue();
  try {
    // Kept in memory while online: the item is written to the device only if the connection drops.
    const ratings = await sendItem(item, async () => undefined);
    return { observation: item.observation, ratings };
  } catch (e) {
    if (isNetworkFailure(e)) return queue();
    throw e;
  }
}

/** Undo of a save (the toast's "Undo"): deletes what was sent, or drops what still waits. */
export async function undoRatings(saved: SavedObservation): Promise<void> {
  if (saved.queuedId) {
    const item = await getOutboxItem(saved.queuedId);
    // Already sent in the meantime: the ratings it made are deleted below as any sent save's.
    if (item) return discardOutboxItem(item);
  }
  for (const r of saved.queuedId ? (sentFromOutbox.get(saved.queuedId) ?? saved.ratings) : saved.ratings) await deleteRating(r.id);
}
