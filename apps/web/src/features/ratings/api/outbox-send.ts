import type { Observation } from '@skillroom/contract/types';
import { api, ApiError } from '../../../lib/api-client';
import { newUuid } from '../../../lib/uuid';
import { outboxNamesOf, type SaveContext } from './outbox-names';
import type { OutboxItem } from './outbox-item';
import { outboxFilesOf, sendFiles } from '../../../entities/outbox/outbox-files';
import { nextCreated, type OutboxKind } from '../../../entities/outbox/outbox-flush';
import { deleteOutboxItem, putOutboxItem } from '../../../entities/outbox/outbox-store';
import type { OutboxItemBase } from '../../../entities/outbox/outbox-types';
import type { RatingChoice } from '../../../entities/ratings/observations';
import { placeIri, revalidateRatings, type FeedFilter } from '../../../entities/ratings/ratings-api';
import type { Attachment } from '../../../entities/media/use-attachments';
import { isRatingItem, RATING_KIND } from './outbox-item';

export { RATING_KIND } from './outbox-item';

export interface NewRatings extends RatingChoice {
  classId: number;
  /** The class and skills the save was made with: a save that waits is listed and shown by their names. */
  context?: SaveContext;
  attachments: Attachment[];
}

/** The save as an outbox item, keys and all (its files as the outbox keeps them: `outboxFilesOf`). */
export function outboxItemOf(n: NewRatings, userId: number): OutboxItem {
  return {
    id: newUuid(),
    kind: RATING_KIND,
    userId,
    created: nextCreated(),
    classId: n.classId,
    names: n.context && outboxNamesOf(n.context, n),
    skillId: n.skillId,
    studentIds: n.studentIds,
    date: n.date,
    points: n.points,
    description: n.description,
    observation: newUuid(),
    key: newUuid(),
    files: outboxFilesOf(n.attachments),
    steps: n.actionIds.map((actionId) => ({ actionId, key: newUuid() })),
    state: 'waiting',
  };
}

/**
 * Sends one item: its files, then the whole observation in one request (POST /observation, one rating per action on
 * the server, in one transaction) under the item's key. `persist` keeps the progress after every step, so that a
 * resend (after a dropped connection, a closed tab) skips what is done. Answers the ids of the ratings made.
 */
export async function sendItem(item: OutboxItem, persist: (item: OutboxItem) => Promise<void>): Promise<number[]> {
  const medias = await sendFiles(item, persist);
  if (item.ratingIds) return item.ratingIds;
  if (!item.key) {
    item.key = newUuid();
    await persist(item);
  }
  const body = {
    learningSkill: item.skillId,
    learningActions: item.steps.map((s) => s.actionId),
    students: item.studentIds.map(placeIri),
    date: item.date,
    points: item.points,
    description: item.description,
    medias,
  };
  // Saved before POST /observation and half sent (a rating per action): the rest joins the observation as a change of it.
  const halfSent = item.steps.some((s) => s.rating);
  const answer = await api<Pick<Observation, 'ratings'>>(halfSent ? `/observation/${item.observation}` : '/observation', {
    method: halfSent ? 'PATCH' : 'POST',
    idempotencyKey: item.key,
    keep401: true,
    body: halfSent ? body : { ...body, teachingClass: item.classId, observation: item.observation },
  });
  item.ratingIds = answer.ratings.map((r) => r.id);
  await persist(item);
  return item.ratingIds;
}

/** The ratings a sending made (a save makes one per action), for the header's "3 ratings sent.". */
export const ratingsSent = (sent: OutboxItemBase[]) => sent.filter(isRatingItem).reduce((n, i) => n + (i.ratingIds?.length ?? 0), 0);

/** How the outbox sends a teacher's observation (DESIGN §7), one of its kinds. */
export const ratingOutbox: OutboxKind<OutboxItem> = {
  async send(item, persist) {
    await sendItem(item, persist);
  },
  // The feeds of the classes and students rated are asked again (a whole-class rating's students' feeds when next shown).
  async afterSent(sent) {
    const feeds = new Map<string, FeedFilter>();
    for (const f of sent.flatMap((i): FeedFilter[] => [{ classId: i.classId }, ...i.studentIds.map((placeId) => ({ placeId }))]))
      feeds.set(JSON.stringify(f), f);
    await revalidateRatings([...feeds.values()]);
  },
  discard: (item) => discardOutboxItem(item),
  told: (sent) => ({ id: 'web_outbox_sent', count: ratingsSent(sent) }),
};

export interface OutboxChange {
  description: string;
  points: number;
  /** Indexes of the files to drop (a file the server refused as too large or of a wrong type). */
  dropFiles: number[];
}

/** The user's change to a refused item; it then waits to be sent again. */
export async function changeOutboxItem(item: OutboxItem, c: OutboxChange): Promise<void> {
  // A rating already made keeps what it was sent with; the change applies to those still to send.
  await putOutboxItem({
    ...item,
    description: c.description,
    points: c.points,
    files: item.files.filter((_, i) => !c.dropFiles.includes(i)),
    state: 'waiting',
    reason: undefined,
  });
}

/** Discards an item: what it already wrote on the server is deleted too, so nothing half-sent stays. */
export async function discardOutboxItem(item: OutboxItem): Promise<void> {
  if (item.ratingIds || item.steps.some((s) => s.rating)) await deleteObservation(item.observation);
  await deleteOutboxItem(item.id);
}

/** Deletes a saved observation (Undo, a discarded item): gone already (its class was deleted) is what was wanted. */
export async function deleteObservation(observation: string): Promise<void> {
  try {
    await api<void>(`/observation/${observation}`, { method: 'DELETE' });
  } catch (e) {
    if (!(e instanceof ApiError && (e.status === 404 || e.status === 403))) throw e;
  }
}
