import { API_AUTH_PREFIX, highestRole, type AnalyticsEventBody, type ScreenName } from '@skillroom/contract';
import { useEffect } from 'react';
import { API_ORIGIN } from './config';
import { currentClaims, validToken } from './session';

/** Sends one event; analytics must never disturb the screen, so failures are dropped. */
export async function track(event: AnalyticsEventBody) {
  const token = await validToken();
  if (!token) return;
  const role = highestRole(currentClaims()?.roles);
  const body: AnalyticsEventBody = { ...event, properties: { ...event.properties, role } };
  fetch(`${API_ORIGIN}${API_AUTH_PREFIX}/analytics-event`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/ld+json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/** Records a view of a screen by its spec §2 name, once per visit. */
export function useScreenView(screen: ScreenName | null) {
  useEffect(() => {
    if (screen) void track({ name: 'screen_view', screen });
  }, [screen]);
}
