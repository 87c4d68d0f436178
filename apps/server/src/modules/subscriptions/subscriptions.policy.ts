import type { SubscriptionRole } from '@skillroom/contract';

/** Who may do what with a subscription (DESIGN §3): members see it; its teachers may attach classes to it. */
export const subscriptionsPolicy = {
  canSee: (userRoles: readonly SubscriptionRole[]) => userRoles.length > 0,
  canAttachClasses: (userRoles: readonly SubscriptionRole[]) => userRoles.includes('teacher'),
};
