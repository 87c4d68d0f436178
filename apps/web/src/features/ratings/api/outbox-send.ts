import { MediaType } from '@skillroom/contract/constants';
import type { Media, Observation } from '@skillroom/contract/types';
import { api, ApiError } from '../../../lib/api-client';
import { startUpload } from '../../../lib/resumable-upload';
import { currentUserId } from '../../../lib/session';
import { newUuid } from '../../../lib/uuid';
import { outboxNamesOf, type SaveContext } from './outbox-names';
import { deleteOutboxItem, listOutbox, putOutboxItem, type OutboxFile, type OutboxItem } from './outbox-store';
import type { RatingChoice } from '../../../entities/ratings/observations';
import { placeIri, revalidateRatings, type FeedFilter } from '../../../entities/ratings/ratings-api';
import type { Attachment } from '../../../entities/media/use-attachments';

export interface NewRatings extends RatingChoice {
  classId: number;
  /** The class and skills the save was made with: a save that waits is listed and shown by their names. */
  context?: SaveContext;
  attachments: Attachment[];
}

const encodes = (t: MediaType) => t === MediaType.RatingVideo || t === MediaType.RatingAudio;

/**
 * The save as an outbox item, keys and all: files already on the server are kept by id; a file whose upload failed
 * for want of a connection goes with the item and is uploaded before the ratings.
 */
let lastCreated = 0;

export function outboxItemOf(n: NewRatings, userId: number): OutboxItem {
  const files: OutboxFile[] = [];
  for (const a of n.attachments) {
    const base = { name: a.name, mediaType: a.mediaType, encode: encodes(a.mediaType), key: newUuid() };
    if (a.status === 'done' && a.media) files.push({ ...base, type: '', mediaId: a.media.id });
    else if (a.file) files.push({ ...base, type: a.file.type, blob: a.file, uploadUrl: a.uploadUrl });
  }
  return {
    id: newUuid(),
    userId,
    // Strictly increasing: two saves in one millisecond still go in the order they were made.
    created: (lastCreated = Math.max(Date.now(), lastCreated + 1)),
    classId: n.classId,
    names: n.context && outboxNamesOf(n.context, n),
    skillId: n.skillId,
    studentIds: n.studentIds,
    date: n.date,
    points: n.points,
    description: n.description,
    observation: newUuid(),
    key: newUuid(),
    files,
    steps: n.actionIds.map((actionId) => ({ actionId, key: newUuid() })),
    state: 'waiting',
  };
}

/** The server refused the item (4xx other than an expired session): it stays, with the reason, for the user. */
export const isRefusal = (e: unknown) => e instanceof ApiError && e.status >= 400 && e.status < 500 && ![401, 429].includes(e.status);

async function upload(f: OutboxFile, progress: (step: OutboxFile) => Promise<void>): Promise<Media> {
  const handle = startUpload({
    file: f.blob!,
    name: f.name,
    mediaType: f.mediaType,
    encode: f.encode,
    idempotencyKey: f.key,
    uploadUrl: f.uploadUrl,
    onUploadUrl: (url) => {
      f.uploadUrl = url;
      void progress(f);
    },
    onProgress: () => undefined,
  });
  return handle.done;
}

/**
 * Sends one item: its files, then the whole observation in one request (POST /observation, one rating per action on
 * the server, in one transaction) under the item's key. `persist` keeps the progress after every step, so that a
 * resend (after a dropped connection, a closed tab) skips what is done. Answers the ids of the ratings made.
 */
export async function sendItem(item: OutboxItem, persist: (item: OutboxItem) => Promise<void>): Promise<number[]> {
  for (const f of item.files) {
    if (f.mediaId !== undefined) continue;
    const media = await upload(f, () => persist(item));
    f.mediaId = media.id;
    delete f.blob;
    await persist(item);
  }
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
    medias: item.files.map((f) => f.mediaId!),
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

let flushing: Promise<number> | null = null;
/**
 * Sends the signed-in user's waiting items, oldest first (the online event, app start, the Retry button). A refused
 * item is marked with the server's reason and the next one goes; a lost connection stops until the next try.
 * Answers how many ratings were sent (a save makes one per action).
 */
export function flushOutbox(): Promise<number> {
  flushing ??= (async () => {
    const userId = currentUserId();
    if (!userId || !navigator.onLine) return 0;
    const sent: OutboxItem[] = [];
    for (const item of await listOutbox(userId)) {
      if (item.state !== 'waiting') continue;
      try {
        await sendItem(item, putOutboxItem);
        sent.push(item);
      } catch (e) {
        if (!isRefusal(e)) break;
        await putOutboxItem({ ...item, state: 'refused', reason: (e as ApiError).message });
      }
    }
    if (!sent.length) return 0;
    // The feeds have the new ratings before the waiting cards go, so that each is replaced rather than gone a moment:
    // those of the classes and students rated are asked again (a whole-class rating's students' feeds when next shown).
    // An item kept meanwhile (a closed tab) knows its ratings were made (ratingIds) and goes at the next flush unsent.
    const feeds = new Map<string, FeedFilter>();
    for (const f of sent.flatMap((i): FeedFilter[] => [{ classId: i.classId }, ...i.studentIds.map((placeId) => ({ placeId }))]))
      feeds.set(JSON.stringify(f), f);
    await revalidateRatings([...feeds.values()]).catch(() => undefined);
    for (const item of sent) await deleteOutboxItem(item.id);
    return sent.reduce((n, item) => n + (item.ratingIds?.length ?? 0), 0);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Retry after a refusal (the class reopened, access given back): the item waits again and goes at once. */
export async function retryOutboxItem(item: OutboxItem): Promise<number> {
  await putOutboxItem({ ...item, state: 'waiting', reason: undefined });
  return flushOutbox();
}

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
