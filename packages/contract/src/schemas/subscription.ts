import { z } from 'zod';
import { PAGE_SIZE, SUBSCRIPTION_ROLES } from '../constants';
import { jsonLdObject, stampFields } from './responses';
import { listQuery } from './filters';

/** The client asks for all of the user's subscriptions at once (spec §9: 1000). */
export const subscriptionListQuery = listQuery({}, PAGE_SIZE.subscriptions);

export const subscriptionSchema = jsonLdObject('Subscription', {
  ...stampFields,
  name: z.string(),
  start: z.string(),
  end: z.string(),
  canCreateIndividual: z.boolean(),
  school: z.string().nullable(),
  /** What the signed-in user is in it: teacher (may attach classes) and/or evaluator (sees its classes). */
  userRoles: z.array(z.enum(SUBSCRIPTION_ROLES)),
});
export type Subscription = z.output<typeof subscriptionSchema>;
