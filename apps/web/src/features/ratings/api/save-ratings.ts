import { api } from '../../../lib/api-client';
import { currentUserId } from '../../../lib/session';
import { sendOrKeep } from '../../../entities/outbox/outbox-flush';
import { getOutboxItem } from '../../../entities/outbox/outbox-store';
import { discardOutboxItem, outboxItemOf, ratingOutbox, type NewRatings } from './outbox-send';
import { isRatingItem } from './outbox-item';

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
  const queued = await sendOrKeep(item, ratingOutbox);
  return queued
    ? { observation: item.observation, ratingIds: [], queuedId: item.id }
    : { observation: item.observation, ratingIds: item.ratingIds ?? [] };
}

/** Undo of a save (the toast's "Undo"): drops what still waits, or deletes the observation sent (one request). */
export async function undoRatings(saved: SavedObservation): Promise<void> {
  if (saved.queuedId) {
    const item = await getOutboxItem(saved.queuedId);
    // Already sent in the meantime: its observation is deleted below as any sent save's.
    if (item && isRatingItem(item)) return discardOutboxItem(item);
  }
  // A refusal here is the user's to see ("Undo failed"), unlike a discarded item's.
  await api<void>(`/observation/${saved.observation}`, { method: 'DELETE' });
}
