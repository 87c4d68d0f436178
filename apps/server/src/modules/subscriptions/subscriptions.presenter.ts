import type { Subscription } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { SubscriptionWithRoles } from './subscriptions.repository';

export function presentSubscription(row: SubscriptionWithRoles): Subscription {
  return embedded('Subscription', 'subscription', row.id, {
    id: row.id,
    created: iso(row.created)!,
    updated: iso(row.updated)!,
    name: row.name,
    start: row.start,
    end: row.end,
    canCreateIndividual: row.canCreateIndividual,
    school: row.schoolId ? iri('school', row.schoolId) : null,
    userRoles: row.userRoles,
  });
}
