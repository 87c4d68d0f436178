import { useCallback, useEffect, useState } from 'react';
import type { OutboxItem } from './outbox-store';

/** Whether the browser believes it has a connection (the online and offline events). */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
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
 * The signed-in user's outbox (DESIGN §7), kept current across tabs, sent when the app starts and whenever the
 * connection returns. `onSent` hears how many saves went. The store (IndexedDB) and the sending code load after the
 * first screen: the header of every screen carries only this hook.
 */
export function useOutbox(userId: number, onSent?: (count: number) => void) {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [sending, setSending] = useState(false);
  const online = useOnline();

  useEffect(() => {
    let live = true;
    let off = () => {};
    void import('./outbox-store').then(
      ({ listOutbox, onOutboxChange }) => {
        // Without IndexedDB (a private window of an old browser) there is simply nothing waiting.
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

  const send = useCallback(async () => {
    const sent = await (await import('./outbox-send')).flushOutbox();
    if (sent) onSent?.(sent);
  }, [onSent]);

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
