import { ErrorText } from '@skillroom/contract/messages';
import type { PushToken } from '@skillroom/contract/types';
import { api, ApiError } from '../../lib/api-client';
import { registerServiceWorker } from '../../lib/service-worker-registration';

/** Where the id of this browser's push token record is kept, to remove it at sign-out. */
const TOKEN_ID_KEY = 'push-token-id';

export type PushState = 'unsupported' | 'default' | 'denied' | 'granted';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function pushPermission(): PushState {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function rememberTokenId(id: number | null) {
  try {
    if (id) localStorage.setItem(TOKEN_ID_KEY, String(id));
    else localStorage.removeItem(TOKEN_ID_KEY);
  } catch {
    // Without storage the token stays until the push service drops it.
  }
}

/**
 * Registers this browser for the signed-in user (spec §4): its push subscription, made once with the server's VAPID
 * key, is posted as the token (idempotent per token, so every page load may post it). Needs permission already given.
 * A non-OK answer fails with the spec's text (§8).
 */
export async function registerPushToken(vapidPublicKey: string): Promise<PushToken> {
  const registration = await registerServiceWorker();
  const ready = await navigator.serviceWorker.ready.catch(() => registration);
  const subscription =
    (await ready.pushManager.getSubscription()) ??
    (await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  try {
    const record = await api<PushToken>('/firebase-token', { method: 'POST', body: { token: JSON.stringify(subscription.toJSON()) } });
    rememberTokenId(record.id);
    return record;
  } catch (e) {
    throw new Error(ErrorText.pushNotAuthorized, { cause: e });
  }
}

/** Sign-out: this browser stops receiving the user's notifications (a shared computer, the next user). */
export async function removePushToken(): Promise<void> {
  let id: string | null = null;
  try {
    id = localStorage.getItem(TOKEN_ID_KEY);
  } catch {
    return;
  }
  if (!id || !/^\d+$/.test(id)) return;
  try {
    await api<void>(`/firebase-token/${id}`, { method: 'DELETE', keep401: true });
  } catch (e) {
    // Already gone (404) is what was wanted; anything else cannot stop the sign-out.
    if (!(e instanceof ApiError && e.status === 404)) console.warn(ErrorText.pushNotAuthorized, e);
  }
  rememberTokenId(null);
}
