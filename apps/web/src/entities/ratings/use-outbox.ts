import { useCallback, useEffect, useState } from 'react';
import { currentUserId } from '../../lib/session';
import { flushOutbox } from './outbox-send';
import { listOutbox, onOutboxChange, type OutboxItem } from './outbox-store';

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
 * connection returns. `onSent` hears how many saves went.
 */
export function useOutbox(onSent?: (count: number) => void) {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [sending, setSending] = useState(false);
  const online = useOnline();

  useEffect(() => {
    let live = true;
    const load = () => {
      const userId = currentUserId();
      if (!userId) return;
      // Without IndexedDB (a private window of an old browser) there is simply nothing waiting.
      listOutbox(userId).then((all) => live && setItems(all), () => undefined);
    };
    load();
    const off = onOutboxChange(load);
    return () => {
      live = false;
      off();
    };
  }, []);

  const flush = useCallback(async () => {
    setSending(true);
    try {
      const sent = await flushOutbox();
      if (sent) onSent?.(sent);
    } catch {
      // The outbox could not be read: the next online event tries again.
    } finally {
      setSending(false);
    }
  }, [onSent]);

  // App start and every return of the connection.
  useEffect(() => {
    if (online) void flush();
  }, [online, flush]);

  const waiting = items.filter((i) => i.state === 'waiting').length;
  const refused = items.length - waiting;
  return { items, waiting, refused, online, sending, flush };
}
