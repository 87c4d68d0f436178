import type { DbOrTx } from '../../db/client';
import { authorized } from '../../class-access/access-rules';
import type { Principal } from '../../plugins/auth';
import { subscriptionsRepository } from './subscriptions.repository';

export const subscriptionsService = {
  list: (db: DbOrTx, p: Principal, limit: number, offset: number) => subscriptionsRepository.listForUser(db, p.userId, limit, offset),

  /** Members see a subscription; to anyone else it does not exist (404, spec §8's client shows its own text). */
  async get(db: DbOrTx, p: Principal, id: number) {
    const row = await subscriptionsRepository.findWithRoles(db, id, p.userId);
    return authorized(p, 'subscription.read', row, (s) => ({ memberRoles: s.userRoles }));
  },
};
