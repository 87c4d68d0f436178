import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutboxKinds, OutboxNote } from './outbox-flush';
import type { OutboxItemBase } from './outbox-types';

/** Whether the browser believes it has a connection (the online and offline events). */
export function useOnline(): boolean {
  // Online on the server's render (a page rendered by it came over the network), read in the browser otherwise.
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The user's waiting and refused saves of every kind, kept current across tabs (the header's list, the feeds' waiting
 * cards, a student's waiting self-assessments). The store (IndexedDB) loads after the first screen; without it (a
 * private window of an old browser) nothing waits.
 */
export function useOutboxItems(userId: number | null): OutboxItemBase[] {
  const [items, setItems] = useState<OutboxItemBase[]>([]);
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    let off = () => {};
    void import('./outbox-store').then(
      ({ listOutbox, onOutboxChange }) => {
        const load = () =>
          void listOutbox(userId).then(
            (all) => live && setItems(all),
            () => undefined,
          );
        if (!live) return;
        off = onOutboxChange(load);
        load();
      },
      () => undefined,
    );
    return () => {
      live = false;
      off();
    };
  }, [userId]);
  return items;
}

/**
 * The signed-in user's outbox (DESIGN §7), sent when the app starts and whenever the connection returns, each item by
 * its kind (`loadKinds`, which the app composes: features import no other). `onSent` hears what to say of the items
 * that went, once per sending (the header's "3 ratings sent."). The sending code loads after the first screen: the header of every
 * screen carries only this hook.
 */
export function useOutbox(userId: number, loadKinds: () => Promise<OutboxKinds>, onSent?: (notes: OutboxNote[]) => void) {
  const items = useOutboxItems(userId);
  const [sending, setSending] = useState(false);
  const online = useOnline();
  // A sending already under way answers every caller (the count changes as items go): it is told once.
  const told = useRef(new WeakSet<Promise<OutboxItemBase[]>>());

  const send = useCallback(async () => {
    const [{ flushOutbox, notesOf }, kinds] = await Promise.all([import('./outbox-flush'), loadKinds()]);
    const sending = flushOutbox(kinds);
    const first = !told.current.has(sending);
    told.current.add(sending);
    const sent = await sending;
    if (first && sent.length) onSent?.(notesOf(kinds, sent));
  }, [loadKinds, onSent]);

  const flush = useCallback(async () => {
    setSending(true);
    try {
      await send();
    } catch {
      // The outbox could not be read: the next online event tries again.
    } finally {
      setSending(false);
    }
  }, [send]);

  const waiting = items.filter((i) => i.state === 'waiting').length;
  const refused = items.length - waiting;
  // App start (the list is read), every return of the connection, and a save that had to wait.
  useEffect(() => {
    if (online && waiting > 0) send().catch(() => undefined);
  }, [online, waiting, send]);

  return { items, waiting, refused, online, sending, flush };
}
