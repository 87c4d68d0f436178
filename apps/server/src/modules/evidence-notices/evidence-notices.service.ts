import { EntityType, NotificationType, fullName } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { notificationsService } from '../notifications/notifications.service';
import { evidenceNoticesRepository as repo } from './evidence-notices.repository';

/** A new observation of a class: its first rating, and the places it names (none: the whole class). */
export interface NewEvidence {
  classId: number;
  firstRatingId: number;
  placeIds: number[];
  authorId: number;
}

/**
 * DESIGN §11 "New evidence reaches the family": each user linked to a child the observation names (every child, for
 * the whole class) hears of it once per child, in the saving transaction (a rolled-back save tells no one). A notice
 * names only the reader's own child, and is tied to that child's place, so it goes with the child's record.
 */
export const evidenceNoticesService = {
  async announce(tx: DbOrTx, e: NewEvidence, except: number[] = []) {
    if (!Number.isSafeInteger(e.firstRatingId)) return;
    const all = await repo.linkedReaders(tx, e.classId, e.placeIds.length ? e.placeIds : null, e.authorId);
    const readers = all.filter((r) => !except.includes(r.placeId));
    if (!readers.length) return;
    const byPlace = new Map<number, typeof readers>();
    for (const r of readers) byPlace.set(r.placeId, [...(byPlace.get(r.placeId) ?? []), r]);
    for (const [placeId, linked] of byPlace) {
      await notificationsService.notify(tx, {
        recipients: linked.map((r) => r.userId),
        notificationType: NotificationType.NewEvidence,
        entityType: EntityType.Rating,
        entityId: e.firstRatingId,
        params: { student: fullName(linked[0]!), class: linked[0]!.className, author: linked[0]!.author ?? '' },
        path: `/student/${placeId}`,
        placeId,
      });
    }
  },

  observedBefore: (tx: DbOrTx, observation: string, ratingId: number) => repo.observedBefore(tx, observation, ratingId),

  /**
   * An edit that changes who an observation names: families of children it names now for the first time hear of it;
   * unread notices of children it no longer names are withdrawn. Notes, points or dates changed tell no one again.
   */
  async studentsChanged(tx: DbOrTx, c: { classId: number; ratingIds: number[]; before: number[]; after: number[] }, authorId: number) {
    const { classId, ratingIds, before, after } = c;
    if (after.length) await repo.withdrawForPlaces(tx, ratingIds, after);
    // From the whole class to some of it: each of those was told already.
    if (!before.length) return;
    const firstRatingId = Math.min(...ratingIds);
    await this.announce(tx, { classId, firstRatingId, placeIds: after, authorId }, before);
  },
};
