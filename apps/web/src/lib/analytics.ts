import { API_AUTH_PREFIX, type ScreenName } from '@skillroom/contract/constants';
import { highestRole } from '@skillroom/contract/rules';
import type { AnalyticsEventBody } from '@skillroom/contract/types';
import { useEffect } from 'react';
import { API_ORIGIN } from './config';
import { currentClaims, validToken } from './session';
import { whenIdle } from './when-idle';

/** Events waiting for an idle moment; a screen's own requests go first. */
const queue: AnalyticsEventBody[] = [];
let scheduled = false;

/**
 * Sends what is queued. A page being left sends with `keepalive`, so that the requests outlive it; otherwise a plain fetch of
 * low priority: a keepalive request never reports its end to the browser's tools, which would see the page as still loading.
 */
async function flush(leaving: boolean) {
  scheduled = false;
  if (queue.length === 0) return;
  const events = queue.splice(0);
  const token = await validToken();
  if (!token) return;
  for (const body of events) {
    fetch(`${API_ORIGIN}${API_AUTH_PREFIX}/analytics-event`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/ld+json' },
      body: JSON.stringify(body),
      keepalive: leaving,
      priority: 'low',
    }).catch(() => undefined);
  }
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', () => void flush(true));

/** Queues one event, sent once the page is idle; analytics must never disturb the screen, so failures are dropped. */
export function track(event: AnalyticsEventBody): void {
  // The role of whoever did it, taken now: a sign-out may come before the event leaves.
  const role = highestRole(currentClaims()?.roles);
  queue.push({ ...event, properties: { ...event.properties, role } });
  if (scheduled) return;
  scheduled = true;
  whenIdle(() => void flush(false));
}

/** Records a view of a screen by its spec §2 name, once per visit. */
export function useScreenView(screen: ScreenName | null) {
  useEffect(() => {
    if (screen) void track({ name: 'screen_view', screen });
  }, [screen]);
}
