import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushSubscriptionJson } from '@skillroom/contract';
import type { Config } from '../../config';
import { persistentSecret } from '../../lib/secrets';

/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 3600;

export interface PushSender {
  /** The VAPID public key browsers subscribe with (GET /api/public/v1/config). */
  publicKey: string;
  /** Whether the server would send to this subscription at all; null when it would, else why not. */
  refuse(s: PushSubscriptionJson): string | null;
  /** Sends one encrypted message; answers the push service's status, or null when it could not be reached. */
  send(s: PushSubscriptionJson, payload: string): Promise<number | null>;
}

/** The VAPID key pair: from the environment, else made once and kept in DATA_DIR/keys (like the JWT secret). */
function vapidKeys(config: Config) {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  return JSON.parse(persistentSecret(config.dataDir, 'vapid.json', () => JSON.stringify(webpush.generateVAPIDKeys()))) as { publicKey: string; privateKey: string };
}

/**
 * Web Push with VAPID. web-push encrypts and signs (generateRequestDetails); the request itself is sent here with
 * fetch, which speaks http as well as https (web-push's own sender speaks https only) and follows no redirect.
 */
export function createPushSender(config: Config, log: FastifyBaseLogger): PushSender {
  const keys = vapidKeys(config);
  const vapidDetails = { subject: config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const details = (s: PushSubscriptionJson, payload: string) => webpush.generateRequestDetails(s as webpush.PushSubscription, payload, { vapidDetails, TTL: TTL_SECONDS, urgency: 'normal' });

  return {
    publicKey: keys.publicKey,
    refuse(s) {
      const url = new URL(s.endpoint);
      if (url.protocol !== 'https:' && !(config.push.allowHttp && url.protocol === 'http:')) return 'https';
      try {
        // Keys that cannot encrypt a message are refused now rather than failing every later delivery.
        details(s, 'check');
        return null;
      } catch {
        return 'keys';
      }
    },
    async send(s, payload) {
      try {
        const d = details(s, payload);
        const res = await fetch(d.endpoint, {
          method: d.method,
          headers: d.headers as Record<string, string>,
          body: d.body as Buffer,
          redirect: 'manual',
          signal: AbortSignal.timeout(config.push.timeoutMs),
        });
        await res.body?.cancel();
        return res.status;
      } catch (err) {
        log.warn({ err, endpoint: new URL(s.endpoint).origin }, 'push service unreachable');
        return null;
      }
    },
  };
}
