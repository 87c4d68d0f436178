import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItemBase } from './outbox-types';

interface OutboxDb extends DBSchema {
  items: { key: string; value: OutboxItemBase };
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
export async function listOutbox(userId: number): Promise<OutboxItemBase[]> {
  const all = await (await open()).getAll('items');
  return all.filter((i) => i.userId === userId).sort((a, b) => a.created - b.created);
}

export async function getOutboxItem(id: string): Promise<OutboxItemBase | undefined> {
  return (await open()).get('items', id);
}

export async function putOutboxItem<T extends OutboxItemBase>(item: T): Promise<void> {
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
