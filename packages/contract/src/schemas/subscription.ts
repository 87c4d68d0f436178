import { PAGE_SIZE, type SubscriptionRole } from '../constants';
import { type JsonLd } from './common';
import { listQuery } from './filters';

/** The client asks for all of the user's subscriptions at once (spec §9: 1000). */
export const subscriptionListQuery = listQuery({}, PAGE_SIZE.subscriptions);

export interface Subscription extends JsonLd {
  id: number;
  created: string;
  updated: string;
  name: string;
  start: string;
  end: string;
  canCreateIndividual: boolean;
  school: string | null;
  /** What the signed-in user is in it: teacher (may attach classes) and/or evaluator (sees its classes). */
  userRoles: SubscriptionRole[];
}
