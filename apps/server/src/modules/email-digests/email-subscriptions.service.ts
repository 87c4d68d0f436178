import { defaultDigest, type EmailSubscriptionCreateBody, type EmailSubscriptionPatchBody } from '@skillroom/contract';
import type { DbOrTx } from '../../db/client';
import { violation } from '../../http/errors';
import { authorized, permit } from '../../class-access/access-rules';
import type { Principal } from '../../plugins/auth';
import { usersRepository } from '../users/users.repository';
import { emailSubscriptionsRepository as repo, type EmailSubscriptionRow } from './email-subscriptions.repository';

const owned = (r: EmailSubscriptionRow) => ({ ownerId: r.userId });
type Create = Omit<EmailSubscriptionCreateBody, 'user'> & { user: number };

/** DESIGN §11 "E-mail digests": the product's email-subscription, one per user, each seen and changed by its user only. */
export const emailSubscriptionsService = {
  /** The user's own (none or one): the product's list, never anyone else's. */
  async list(db: DbOrTx, p: Principal) {
    const row = await repo.findByUser(db, p.userId);
    return row ? [row] : [];
  },

  get: async (db: DbOrTx, p: Principal, id: number) => authorized(p, 'emailSubscription.read', await repo.findById(db, id), owned),

  /** Made for oneself only; a second one for the same user is refused as the product's unique user is. */
  async create(db: DbOrTx, p: Principal, b: Create) {
    permit(p, 'emailSubscription.edit', { ownerId: b.user });
    const user = (await usersRepository.findById(db, p.userId))?.user;
    const row = await repo.insert(db, {
      userId: p.userId,
      hasNewsletterSubscription: b.hasNewsletterSubscription ?? false,
      digest: b.digest ?? defaultDigest(user?.accountType ?? ''),
    });
    if (!row) throw violation('user', 'This value is already used.');
    return row;
  },

  async patch(db: DbOrTx, p: Principal, id: number, b: EmailSubscriptionPatchBody) {
    const row = authorized(p, 'emailSubscription.edit', await repo.findById(db, id), owned);
    if (b.digest === undefined && b.hasNewsletterSubscription === undefined) return row;
    return (await repo.update(db, row.id, b)) ?? row;
  },
};
