import type { MediaType } from '@skillroom/contract/constants';
import type { Rating } from '@skillroom/contract/types';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** An attachment of a waiting save: the file itself until the server has it, then only its Media id. */
export interface OutboxFile {
  name: string;
  type: string;
  mediaType: MediaType;
  encode: boolean;
  blob?: Blob;
  /** POST /media's Idempotency-Key: a resend after a lost answer stores the file once. */
  key: string;
  mediaId?: number;
  /** A large file's tus address: a resend goes on from the bytes the server has. */
  uploadUrl?: string;
}

/** One learning action of the save (one rating each on the server). */
export interface OutboxStep {
  actionId: number;
  /** Sent one rating per action before POST /observation; an item saved then and half sent keeps these. */
  key: string;
  rating?: Rating;
}

/** A skill or action as the class named it: a catalogue one is shown in the reader's language when listed. */
export interface OutboxName {
  name: string;
  translationKey: string | null;
}

/**
 * What names a waiting save, taken when it was saved: offline the server cannot be asked, and the class, its students
 * or its skills may have changed or gone by the time the list is read.
 */
export interface OutboxNames {
  className: string;
  /** The rated students' full names; none for the whole class. */
  students: string[];
  skill: OutboxName & { colorCode: string };
  /** One per step, in the steps' order. */
  actions: OutboxName[];
}

/**
 * A save that waits on this device (DESIGN §7): the whole observation, and how far its sending went, so that a resend
 * never writes a file or a rating twice.
 */
export interface OutboxItem {
  id: string;
  /** The user who saved it: only they see it and only their session sends it. */
  userId: number;
  created: number;
  classId: number;
  /** Saves kept by versions before `names` carry the class's name alone (or nothing). */
  className?: string;
  names?: OutboxNames;
  skillId: number;
  studentIds: number[];
  date: string;
  points: number;
  description: string;
  observation: string;
  /** POST /observation's Idempotency-Key: a resend after a lost answer writes the observation once. */
  key?: string;
  /** The ids of the ratings the server made, once it answered (the answer itself is not kept). */
  ratingIds?: number[];
  files: OutboxFile[];
  steps: OutboxStep[];
  /** Refused: the server said no (4xx), the item waits for the user to retry, change or discard it. */
  state: 'waiting' | 'refused';
  reason?: string;
}

interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItem };
}

const DB_NAME = 'skillroom-outbox';
let db: Promise<IDBPDatabase<OutboxDb>> | null = null;
const open = () =>
  (db ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('items', { keyPath: 'id' });
    },
  }));

type Listener = () => void;
const listeners = new Set<Listener>();
// Other tabs of the app hear of a change too (their header counts the same outbox).
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(DB_NAME) : null;
if (channel) channel.onmessage = () => listeners.forEach((l) => l());

function changed() {
  listeners.forEach((l) => l());
  channel?.postMessage('changed');
}

export function onOutboxChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The user's waiting and refused saves, oldest first (the order they are sent in). */
export async function listOutbox(userId: number): Promise<OutboxItem[]> {
  const all = await (await open()).getAll('items');
  return all.filter((i) => i.userId === userId).sort((a, b) => a.created - b.created);
}

export async function getOutboxItem(id: string): Promise<OutboxItem | undefined> {
  return (await open()).get('items', id);
}

export async function putOutboxItem(item: OutboxItem): Promise<void> {
  await (await open()).put('items', item);
  changed();
}

export async function deleteOutboxItem(id: string): Promise<void> {
  await (await open()).delete('items', id);
  changed();
}

/** Tests start from an empty outbox. */
export async function closeOutboxForTests(): Promise<void> {
  if (db) (await db).close();
  db = null;
}
