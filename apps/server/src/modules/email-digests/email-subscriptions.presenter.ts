import type { EmailSubscription } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { EmailSubscriptionRow } from './email-subscriptions.repository';

export const presentEmailSubscription = (r: EmailSubscriptionRow): EmailSubscription =>
  embedded('EmailSubscription', 'email-subscription', r.id, {
    id: r.id,
    created: iso(r.created)!,
    updated: iso(r.updated)!,
    user: iri('user', r.userId),
    hasNewsletterSubscription: r.hasNewsletterSubscription,
    digest: r.digest as EmailSubscription['digest'],
  });
