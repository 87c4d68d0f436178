import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushSubscriptionJson } from '@skillroom/contract';
import type { Config } from '../../config';
import { persistentSecret } from '../../lib/secrets';
import { checkedLookup, refusedHost, refusedLiteral, systemResolver, type Resolver } from './push-address';

/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 3600;

export interface PushSender {
  /** The VAPID public key browsers subscribe with (GET /api/public/v1/config). */
  publicKey: string;
  /** Whether the server would send to this subscription at all; null when it would, else why not. */
  refuse(s: PushSubscriptionJson): Promise<'https' | 'address' | 'keys' | null>;
  /** Sends one encrypted message; answers the push service's status, or null when it could not be reached. */
  send(s: PushSubscriptionJson, payload: string): Promise<number | null>;
}

/** The VAPID key pair: from the environment, else made once and kept in DATA_DIR/keys (like the JWT secret). */
function vapidKeys(config: Config) {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  return JSON.parse(persistentSecret(config.dataDir, 'vapid.json', () => JSON.stringify(webpush.generateVAPIDKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
}

/** One POST, answered with its status; `lookup` decides which address the socket connects to. */
function post(url: URL, d: webpush.RequestDetails, o: { lookup?: LookupFunction; timeoutMs: number }): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? https.request : http.request;
    const req = request(
      url,
      { method: d.method, headers: d.headers as http.OutgoingHttpHeaders, lookup: o.lookup, signal: AbortSignal.timeout(o.timeoutMs) },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(d.body);
  });
}

/**
 * Web Push with VAPID. web-push encrypts and signs (generateRequestDetails); the request itself is sent here, over http
 * as well as https (web-push's own sender speaks https only), following no redirect. Endpoints must be https on public
 * addresses (DESIGN §6), checked at registration and again at each sending, on the address actually connected to;
 * PUSH_ALLOW_HTTP (tests, a local push service) lifts both rules.
 */
export function createPushSender(config: Config, log: FastifyBaseLogger, resolve: Resolver = systemResolver): PushSender {
  const keys = vapidKeys(config);
  const vapidDetails = { subject: config.push.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
  const details = (s: PushSubscriptionJson, payload: string) =>
    webpush.generateRequestDetails(s as webpush.PushSubscription, payload, { vapidDetails, TTL: TTL_SECONDS, urgency: 'normal' });
  const strict = !config.push.allowHttp;
  const lookup = strict ? checkedLookup(resolve) : undefined;

  return {
    publicKey: keys.publicKey,
    async refuse(s) {
      const url = new URL(s.endpoint);
      if (url.protocol !== 'https:' && !(config.push.allowHttp && url.protocol === 'http:')) return 'https';
      if (strict && (await refusedHost(s.endpoint, resolve))) return 'address';
      try {
        // Keys that cannot encrypt a message are refused now rather than failing every later delivery.
        details(s, 'check');
        return null;
      } catch {
        return 'keys';
      }
    },
    async send(s, payload) {
      const url = new URL(s.endpoint);
      try {
        if (strict && (url.protocol !== 'https:' || refusedLiteral(s.endpoint)))
          throw new Error('push endpoint refused: not https on a public address');
        return await post(url, details(s, payload), { lookup, timeoutMs: config.push.timeoutMs });
      } catch (err) {
        log.warn({ err, endpoint: url.origin }, 'push service unreachable');
        return null;
      }
    },
  };
}
