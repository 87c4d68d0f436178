import type { SubscriptionRole } from '@skillroom/contract';

/** Who may do what with a subscription (DESIGN §3): its teachers may attach classes to it (seeing it: access-rules.ts). */
export const subscriptionsPolicy = {
  canAttachClasses: (userRoles: readonly SubscriptionRole[]) => userRoles.includes('teacher'),
};
