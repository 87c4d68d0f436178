import { DEFAULT_LOCALE, PUSH_MESSAGES, pushSubscriptionSchema, type PushSubscriptionJson, type pushTokenBody } from '@skillroom/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, violation } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { notificationsRepository } from '../notifications/notifications.repository';
import { pushPayloadOf } from '../notifications/notifications.presenter';
import type { PushSender } from './push-sender';
import { pushRepository as repo } from './push.repository';

type Body = z.output<typeof pushTokenBody>;

const NOT_FOUND = 'Push token not found.';
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

  /** Removes one of the user's own tokens (sign-out on a shared computer); anyone else's does not exist for them. */
  async remove(db: DbOrTx, p: Principal, id: number) {
    const row = await repo.findById(db, id);
    if (!row || row.userId !== p.userId) throw notFound(NOT_FOUND);
    await repo.delete(db, id);
  },

  /** Pushes what was missed while no instance heard the bus (a lost connection, a restart): the last hour's. */
  async sweep(db: Db, sender: PushSender) {
    for (const { id } of await notificationsRepository.unpushed(db, new Date(Date.now() - 3600_000), 500))
      await pushService.deliver(db, sender, id);
  },

  /**
   * Pushes a new notification to every browser of its recipient. Every instance hears of it; the one that claims it
   * sends. 404/410 remove the token, any other failure counts in errorCount, a success in messageCount.
   */
  async deliver(db: Db, sender: PushSender, notificationId: number) {
    const n = await notificationsRepository.claimPush(db, notificationId);
    if (!n) return;
    const tokens = await repo.listOfUser(db, n.userId);
    const lang = (await notificationsRepository.languages(db, [n.userId])).get(n.userId) ?? DEFAULT_LOCALE;
    const payload = JSON.stringify(pushPayloadOf(n, lang));
    await Promise.all(
      tokens.map(async (t) => {
        const status = await sender.send(JSON.parse(t.token) as PushSubscriptionJson, payload);
        if (status !== null && status >= 200 && status < 300) await repo.countMessage(db, t.id);
        else if (status !== null && GONE.has(status)) await repo.delete(db, t.id);
        else await repo.countError(db, t.id);
      }),
    );
  },
};
