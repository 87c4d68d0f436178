import { api, isNetworkFailure } from '../../../lib/api-client';
import { currentUserId } from '../../../lib/session';
import { discardOutboxItem, outboxItemOf, sendItem, type NewRatings } from './outbox-send';
import { getOutboxItem, putOutboxItem } from './outbox-store';

export type { NewRatings } from './outbox-send';

/** What a save did: the ids of the ratings the server made, or (offline) the outbox item that waits to send them. */
export interface SavedObservation {
  observation: string;
  ratingIds: number[];
  /** Set when the save waits on this device (DESIGN §7 offline outbox). */
  queuedId?: string;
}

/**
 * One observation per save (DESIGN §14): one request makes a rating per chosen action (DESIGN §3), all sharing one
 * observation (DESIGN §7), the uploads stored once and linked to each. Without a connection (or when it drops
 * midway) the save waits in the outbox with its files and key, and goes when the connection returns; a refusal of
 * the server while online is thrown as before, for the form to show.
 */
export async function createRatings(n: NewRatings): Promise<SavedObservation> {
  const item = outboxItemOf(n, currentUserId() ?? 0);
  const queue = async () => {
    await putOutboxItem(item);
    return { observation: item.observation, ratingIds: [], queuedId: item.id };
  };
  if (!navigator.onLine) return queue();
  try {
    // Kept in memory while online: the item is written to the device only if the connection drops.
    const ratingIds = await sendItem(item, async () => undefined);
    return { observation: item.observation, ratingIds };
  } catch (e) {
    if (isNetworkFailure(e)) return queue();
    throw e;
  }
}

/** Undo of a save (the toast's "Undo"): drops what still waits, or deletes the observation sent (one request). */
export async function undoRatings(saved: SavedObservation): Promise<void> {
  if (saved.queuedId) {
    const item = await getOutboxItem(saved.queuedId);
    // Already sent in the meantime: its observation is deleted below as any sent save's.
    if (item) return discardOutboxItem(item);
  }
  // A refusal here is the user's to see ("Undo failed"), unlike a discarded item's.
  await api<void>(`/observation/${saved.observation}`, { method: 'DELETE' });
}
