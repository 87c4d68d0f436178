import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
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

/** Whether the server holds this browser's subscription: asked by registering it again (idempotent), not assumed. */
export type PushRegistration = 'checking' | 'registered' | 'failed';

const noChanges = () => () => undefined;

/**
 * The switch the user turns notifications on with: asks the browser's permission, then registers. With permission,
 * "on" is said only once the server holds this browser's subscription (issue 36 §12); a failed registration says so
 * and can be retried.
 */
export function useEnablePush() {
  const { data: config } = usePublicConfig();
  const key = config?.vapidPublicKey ?? null;
  // What the browser answered when asked here; before that, what it says now. Without a key the server cannot push.
  const [answered, setAnswered] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [registration, setRegistration] = useState<PushRegistration>('checking');
  const [attempt, setAttempt] = useState(0);
  // The browser's answer so far, read once hydrated: the server renders the page as if it had none (no mismatch).
  const permission = useSyncExternalStore(noChanges, pushPermission, () => 'unsupported' as const);
  const state: PushState = key ? (answered ?? permission) : 'unsupported';

  useEffect(() => {
    if (state !== 'granted' || !key) return;
    let live = true;
    registerPushToken(key).then(
      () => live && setRegistration('registered'),
      () => live && setRegistration('failed'),
    );
    return () => {
      live = false;
    };
  }, [state, key, attempt]);
  const retry = useCallback(() => {
    setRegistration('checking');
    setAttempt((n) => n + 1);
  }, []);

  const enable = useCallback(async () => {
    if (!key) return;
    setBusy(true);
    setFailed(false);
    try {
      // Granted, the registration above runs and says whether the server holds this browser.
      setAnswered(await Notification.requestPermission());
    } catch (e) {
      console.error(e instanceof Error ? e.message : e);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [key]);

  return { state, busy, failed, enable, registration, retry };
}
