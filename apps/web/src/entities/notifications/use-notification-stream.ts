import { API_AUTH_PREFIX, NOTIFICATION_STREAM_EVENT, NOTIFICATION_STREAM_PATH } from '@skillroom/contract/constants';
import { useEffect } from 'react';
import { API_ORIGIN } from '../../lib/config';
import { currentClaims, validToken } from '../../lib/session';
import { whenIdle } from '../../lib/when-idle';

/** Waits between reconnections: short first, then longer while the server stays away. */
const RETRY_MS = [1_000, 3_000, 10_000, 30_000];
/** A token this close to its expiry would be refused on arrival: the stream waits for the next one instead. */
const EXPIRY_MARGIN_MS = 2_000;

/** The type of the notification an event carries, or null for data that is not one. */
function typeOf(data: unknown): number | null {
  try {
    const t = (JSON.parse(String(data)) as { notificationType?: unknown } | null)?.notificationType;
    return typeof t === 'number' ? t : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a server-sent event stream of the user's notifications open while signed in, and calls `onEvent` (which reads
 * the notifications and what they are about again) on each event, with the notification's type (null after a
 * reconnection). The BEARER cookie authenticates it (same origin). The browser's own reconnection would come back
 * with an expired token when the server ends the stream at the token's expiry, so reconnection is done here: a fresh
 * token first, and the last event id so that nothing made in between is missed.
 */
export function useNotificationStream(enabled: boolean, onEvent: (notificationType: number | null) => void) {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let lastId: string | null = null;
    let failures = 0;
    let opened = false;
    let stopped = false;

    const schedule = (ms: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void connect(), ms);
    };

    async function connect() {
      if (stopped) return;
      const exp = currentClaims()?.exp;
      const left = exp ? exp * 1000 - Date.now() : 0;
      if (left > 0 && left < EXPIRY_MARGIN_MS) return schedule(left + 500);
      if (!(await validToken()) || stopped) return schedule(RETRY_MS.at(-1)!);
      const query = lastId ? `?lastEventId=${encodeURIComponent(lastId)}` : '';
      const es = new EventSource(`${API_ORIGIN}${API_AUTH_PREFIX}${NOTIFICATION_STREAM_PATH}${query}`, { withCredentials: true });
      source = es;
      es.onopen = () => {
        // What changed between the page's reads (the server's, or the app's own once it took the page over) and the
        // stream's first opening has no event to replay, nor what came while it was down: read again once it is open.
        if (failures > 0 || !opened) onEvent(null);
        opened = true;
        failures = 0;
      };
      es.addEventListener(NOTIFICATION_STREAM_EVENT, (e) => {
        lastId = (e as MessageEvent).lastEventId || lastId;
        onEvent(typeOf((e as MessageEvent).data));
      });
      es.onerror = () => {
        es.close();
        if (source === es) source = null;
        schedule(RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!);
        failures += 1;
      };
    }

    // Opened once the page is idle: the first screen's requests go first, and a tool waiting for the network to settle sees the
    // page as loaded.
    const cancelIdle = whenIdle(() => void connect());
    return () => {
      stopped = true;
      cancelIdle();
      window.clearTimeout(timer);
      source?.close();
    };
  }, [enabled, onEvent]);
}
