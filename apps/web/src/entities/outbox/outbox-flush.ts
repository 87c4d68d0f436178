import { ApiError, isNetworkFailure } from '../../lib/api-client';
import { currentUserId } from '../../lib/session';
import { deleteOutboxItem, listOutbox, putOutboxItem } from './outbox-store';
import { kindOf, type OutboxItemBase } from './outbox-types';

/**
 * How one kind of save is sent (DESIGN §7): the teachers' observations (features/ratings) and the students'
 * self-assessments (entities/self-assessments). Methods, not function properties: each kind takes its own items, and
 * the outbox hands each item to its own kind only.
 */
export interface OutboxKind<T extends OutboxItemBase = OutboxItemBase> {
  /** Sends the item (its files, then its write under its key), keeping its progress after each step with `persist`. */
  send(item: T, persist: (item: T) => Promise<void>): Promise<void>;
  /** Before the sent items leave the outbox: the screens that show them read again, so that none is gone a moment. */
  afterSent?(items: T[]): Promise<void>;
  /** Takes the item out; what it already wrote on the server goes too (none: it only leaves the device). */
  discard?(item: T): Promise<void>;
  /** What the user is told once some went ("3 ratings sent."). */
  told(items: T[]): OutboxNote;
}

/** A message id of the web's texts and the count it says. */
export interface OutboxNote {
  id: string;
  count: number;
}

/** The kinds a sending knows, by `OutboxItemBase.kind` (an item without one is a rating). */
export type OutboxKinds = Record<string, OutboxKind>;

let lastCreated = 0;
/** Strictly increasing: two saves in one millisecond still go in the order they were made. */
export const nextCreated = () => (lastCreated = Math.max(Date.now(), lastCreated + 1));

/** The server refused the item (4xx other than an expired session): it stays, with the reason, for the user. */
export const isRefusal = (e: unknown) => e instanceof ApiError && e.status >= 400 && e.status < 500 && ![401, 429].includes(e.status);

/**
 * A save sent at once, or kept in the outbox: without a connection (or when it drops midway) it waits with its files
 * and keys, and goes when the connection returns; a refusal of the server while online is thrown, for the form to show.
 * Answers whether it waits.
 */
export async function sendOrKeep<T extends OutboxItemBase>(item: T, kind: OutboxKind<T>): Promise<boolean> {
  const keep = async () => {
    await putOutboxItem(item);
    return true;
  };
  if (!navigator.onLine) return keep();
  try {
    // Kept in memory while online: the item is written to the device only if the connection drops.
    await kind.send(item, async () => undefined);
    return false;
  } catch (e) {
    if (isNetworkFailure(e)) return keep();
    throw e;
  }
}

let flushing: Promise<OutboxItemBase[]> | null = null;
/**
 * Sends the signed-in user's waiting items, oldest first (the online event, app start, the Retry button), each by its
 * kind; one of a kind this sending does not know waits. A refused item is marked with the server's reason and the next
 * one goes; a lost connection stops until the next try. Answers the items sent.
 */
export function flushOutbox(kinds: OutboxKinds): Promise<OutboxItemBase[]> {
  flushing ??= (async () => {
    const userId = currentUserId();
    if (!userId || !navigator.onLine) return [];
    const sent: OutboxItemBase[] = [];
    for (const item of await listOutbox(userId)) {
      const kind = kinds[kindOf(item)];
      if (item.state !== 'waiting' || !kind) continue;
      try {
        await kind.send(item, putOutboxItem);
        sent.push(item);
      } catch (e) {
        if (!isRefusal(e)) break;
        await putOutboxItem({ ...item, state: 'refused', reason: (e as ApiError).message });
      }
    }
    // The screens have the new records before the waiting ones go, so that each is replaced rather than gone a moment.
    // An item kept meanwhile (a closed tab) knows its write was made and goes at the next flush unsent.
    for (const [name, kind] of Object.entries(kinds)) {
      const mine = sent.filter((i) => kindOf(i) === name);
      if (mine.length) await kind.afterSent?.(mine).catch(() => undefined);
    }
    for (const item of sent) await deleteOutboxItem(item.id);
    return sent;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** What a sending tells the user: a note per kind of the items sent. */
export function notesOf(kinds: OutboxKinds, sent: OutboxItemBase[]): OutboxNote[] {
  return Object.entries(kinds).flatMap(([name, kind]) => {
    const mine = sent.filter((i) => kindOf(i) === name);
    return mine.length ? [kind.told(mine)] : [];
  });
}

/** Retry after a refusal (the class reopened, access given back): the item waits again and goes at once. */
export async function retryOutboxItem(item: OutboxItemBase, kinds: OutboxKinds): Promise<OutboxItemBase[]> {
  await putOutboxItem({ ...item, state: 'waiting', reason: undefined });
  return flushOutbox(kinds);
}

/** Discards an item: its kind takes back what it already wrote on the server, so nothing half-sent stays. */
export async function discardOutboxItem(item: OutboxItemBase, kinds: OutboxKinds): Promise<void> {
  const kind = kinds[kindOf(item)];
  if (kind?.discard) return kind.discard(item);
  await deleteOutboxItem(item.id);
}
