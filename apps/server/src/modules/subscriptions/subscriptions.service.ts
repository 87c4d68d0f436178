import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Principal } from '../../plugins/auth';
import { subscriptionsPolicy } from './subscriptions.policy';
import { subscriptionsRepository } from './subscriptions.repository';

export const subscriptionsService = {
  list: (db: DbOrTx, p: Principal, limit: number, offset: number) => subscriptionsRepository.listForUser(db, p.userId, limit, offset),

  /** Members see a subscription; to anyone else it does not exist (404, spec §8's client shows its own text). */
  async get(db: DbOrTx, p: Principal, id: number) {
    const row = await subscriptionsRepository.findWithRoles(db, id, p.userId);
    if (!row || !subscriptionsPolicy.canSee(row.userRoles)) throw notFound('Subscription not found.');
    return row;
  },
};
