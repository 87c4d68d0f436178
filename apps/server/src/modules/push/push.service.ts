import {
  DEFAULT_LOCALE,
  PUSH_MESSAGES,
  quietUntil,
  pushSubscriptionSchema,
  type PushSubscriptionJson,
  type pushTokenBody,
} from '@skillroom/contract';
import crypto from 'node:crypto';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { violation } from '../../http/errors';
import { authorized } from '../../class-access/access-rules';
import type { Principal } from '../../plugins/auth';
import { JOB, type SendOptions } from '../../lib/job-names';
import { notificationsRepository } from '../notifications/notifications.repository';
import { pushPayloadOf } from '../notifications/notifications.presenter';
import type { PushSender } from './push-sender';
import { pushRepository as repo } from './push.repository';

type Body = z.output<typeof pushTokenBody>;

const HTTPS = 'This value should be a push subscription with an https: endpoint.';
const ADDRESS = 'This value should be a push subscription whose endpoint is on a public internet address.';

/** Push services answer 404 or 410 for a subscription that is gone for good. */
const GONE = new Set([404, 410]);

export const pushService = {
  /** Registers the browser's subscription for the user (idempotent per subscription endpoint). */
  async register(db: DbOrTx, sender: PushSender, p: Principal, b: Body) {
    const sub = pushSubscriptionSchema.parse(JSON.parse(b.token));
    const refused = await sender.refuse(sub);
    if (refused) throw violation('token', refused === 'https' ? HTTPS : refused === 'address' ? ADDRESS : PUSH_MESSAGES.token);
    return repo.upsert(db, p.userId, JSON.stringify(sub), sub.endpoint);
  },

  /** One of the user's own tokens; anyone else's does not exist for them (404, as for a token never made). */
  async get(db: DbOrTx, p: Principal, id: number) {
    return authorized(p, 'pushToken.read', await repo.findById(db, id), (t) => ({ ownerId: t.userId }));
  },

  /** Removes one of the user's own tokens (sign-out on a shared computer). */
  async remove(db: DbOrTx, p: Principal, id: number) {
    await repo.delete(db, (await pushService.get(db, p, id)).id);
  },

  /**
   * Queues the delivery of a new notification (the `push` job). Every instance hears of it and sends; the job's id is
   * made from the notification's, so the queue keeps one.
   */
  async announce(send: SendJob, notificationId: number) {
    await send(JOB.push, { notificationId }, { id: pushJobId(notificationId) });
  },

  /** Queues what was missed while no instance heard the bus (a lost connection, a restart): the last hour's. */
  async sweep(db: Db, send: SendJob) {
    for (const { id } of await notificationsRepository.unpushed(db, new Date(Date.now() - 3600_000), 500))
      await pushService.announce(send, id);
  },

  /**
   * Pushes a notification to every browser of its recipient (the `push` job). The first try claims it (pushed_at), so
   * a second job for it sends nothing. 404/410 remove the token; a push service that answers 5xx or 429 or cannot be
   * reached is tried again with back-off (a retry sends only to those browsers), counted in errorCount when the
   * job gives up; any other answer counts as an error at once, a success in messageCount.
   */
  async deliver(db: Db, sender: PushSender, notificationId: number, attempt: PushAttempt, send: SendJob) {
    if (attempt.retryCount === 0) {
      // Quiet hours (DESIGN §11): unclaimed, the notification waits for their end in a job of its own.
      const until = await quietUntilFor(db, notificationId);
      if (until) {
        await send(JOB.push, { notificationId }, { id: pushJobId(notificationId, until), startAfter: until });
        return { waiting: until.toISOString() };
      }
    }
    const n =
      attempt.retryCount === 0
        ? await notificationsRepository.claimPush(db, notificationId)
        : await notificationsRepository.findById(db, notificationId);
    if (!n) return { sent: 0 };
    const only = attempt.retryCount === 0 ? null : pendingOf(attempt.output);
    const tokens = (await repo.listOfUser(db, n.userId)).filter((t) => !only || only.includes(t.id));
    const lang = (await notificationsRepository.languages(db, [n.userId])).get(n.userId) ?? DEFAULT_LOCALE;
    const payload = JSON.stringify(pushPayloadOf(n, lang));
    const lastTry = attempt.retryCount >= attempt.retryLimit;
    const pending: number[] = [];
    let sent = 0;
    await Promise.all(
      tokens.map(async (t) => {
        const status = await sender.send(JSON.parse(t.token) as PushSubscriptionJson, payload);
        if (status !== null && status >= 200 && status < 300) {
          sent++;
          await repo.countMessage(db, t.id);
        } else if (status !== null && GONE.has(status)) await repo.delete(db, t.id);
        else if (!lastTry && (status === null || status === 429 || status >= 500)) pending.push(t.id);
        else await repo.countError(db, t.id);
      }),
    );
    if (pending.length) throw new PushRetry(pending);
    return { sent };
  },
};

type SendJob = (name: string, data: Record<string, unknown>, o: SendOptions) => Promise<unknown>;

/** When the recipient's quiet hours end, if a push now would fall in them. */
async function quietUntilFor(db: Db, notificationId: number) {
  const q = await notificationsRepository.recipientQuietHours(db, notificationId);
  return q ? quietUntil(new Date(), q) : null;
}

export interface PushAttempt {
  retryCount: number;
  retryLimit: number;
  output: unknown;
}

/** A try that left browsers to try again: their token ids ride in the job's output to the retry (ids only). */
class PushRetry extends Error {
  constructor(readonly pending: number[]) {
    super(`push service busy or unreachable for ${pending.length} browser(s)`);
  }
}

const pendingOf = (output: unknown) => {
  const pending = (output as { pending?: unknown } | null)?.pending;
  return Array.isArray(pending) && pending.every((x) => Number.isSafeInteger(x)) ? (pending as number[]) : null;
};

/** One job id per notification (the uuid form of a hash of it), so that every instance's send is one job. */
export function pushJobId(notificationId: number, after?: Date) {
  const key = after ? `push:${notificationId}:${after.toISOString()}` : `push:${notificationId}`;
  const h = crypto.createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
