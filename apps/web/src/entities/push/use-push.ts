import { useCallback, useEffect, useState } from 'react';
import { signOutTasks, type LoadStatus } from '../../lib/current-user';
import { usePublicConfig } from '../../lib/public-config';
import { pushPermission, pushSupported, registerPushToken, removePushToken, type PushState } from './push-registration';

/** The message the service worker posts to open tabs when a push arrives. */
export const PUSH_MESSAGE_TYPE = 'skillroom-push';

/**
 * Once the user is loaded (spec §4), a browser that already has permission registers its push token; failures are only
 * logged (spec §8). While the app is open, a push message refreshes the notifications.
 */
export function usePushRegistration(status: LoadStatus, onPush: (notificationType: number | null) => void) {
  const { data: config } = usePublicConfig();
  const key = config?.vapidPublicKey ?? null;

  useEffect(() => {
    if (status !== 'loaded' || !key || pushPermission() !== 'granted') return;
    registerPushToken(key).catch((e: unknown) => console.error(e instanceof Error ? e.message : e));
  }, [status, key]);

  useEffect(() => {
    if (status !== 'loaded' || !pushSupported()) return;
    signOutTasks.add(removePushToken);
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: string; notificationType?: unknown } | null;
      if (data?.type === PUSH_MESSAGE_TYPE) onPush(typeof data.notificationType === 'number' ? data.notificationType : null);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [status, onPush]);
}

/** The switch the user turns notifications on with: asks the browser's permission, then registers. */
export function useEnablePush() {
  const { data: config } = usePublicConfig();
  const key = config?.vapidPublicKey ?? null;
  // What the browser answered when asked here; before that, what it says now. Without a key the server cannot push.
  const [answered, setAnswered] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const state: PushState = key ? (answered ?? pushPermission()) : 'unsupported';

  const enable = useCallback(async () => {
    if (!key) return;
    setBusy(true);
    setFailed(false);
    try {
      const permission = await Notification.requestPermission();
      setAnswered(permission);
      if (permission === 'granted') await registerPushToken(key);
    } catch (e) {
      console.error(e instanceof Error ? e.message : e);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [key]);

  return { state, busy, failed, enable };
}
