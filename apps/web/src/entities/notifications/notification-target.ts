import { EntityType, NotificationType } from '@skillroom/contract/constants';
import type { Notification } from '@skillroom/contract/types';

/**
 * Where the class page's home observations banner is (features/classes home-observations-panel.tsx imports it): a
 * teacher's notice of a new one (type 12) opens the class there, and the banner unfolds.
 */
export const HOME_OBSERVATIONS_ANCHOR = 'home-observations';

type Target = Pick<Notification, 'notificationType' | 'entityType' | 'entityId' | 'path'>;

/** The screen each type may open (spec §2), relative to /web; anything else the server sends is not followed. */
const SHAPES: Record<number, RegExp> = {
  [NotificationType.TeacherCreated]: /^\/teaching-class\/\d+$/,
  [NotificationType.TeacherInvitationReceived]: /^\/teaching-class\/\d+\/teachers$/,
  [NotificationType.TeacherInvitationAccepted]: /^\/teaching-class\/\d+$/,
  [NotificationType.StudentProfileUserInvitationReceived]: /^(\/teaching-class\/\d+)?\/student\/\d+\/manage$/,
  [NotificationType.StudentProfileUserInvitationAccepted]: /^(\/teaching-class\/\d+)?\/student\/\d+$/,
  [NotificationType.ClassOwned]: /^\/teaching-class\/\d+$/,
  [NotificationType.RetentionDue]: /^\/teaching-class\/\d+$/,
  [NotificationType.NewEvidence]: /^\/student\/\d+$/,
  [NotificationType.Message]: /^\/messages\/\d+$/,
  [NotificationType.HomeObservationWaiting]: /^\/teaching-class\/\d+$/,
  [NotificationType.HomeObservationApproved]: /^\/student\/\d+$/,
};

/**
 * Where a click on a notification goes (spec §2): teacher added and class-related ones to the class, a request to join
 * to the class's teachers, an accepted request to the class, a request to link to the student's management screen, an
 * accepted link, new evidence of a child and an approved home observation to the child's page; a new home observation
 * to the class at its banner of them; a message to its conversation; a new owner and a
 * retention notice to the class (where "Export class" is); a removal (of a teacher, or of a child a family was linked
 * to) nowhere. The server names the screen (`path`); when it does not, a class notification still opens its class.
 */
export function notificationTarget(n: Target): string | null {
  // A removal leads to a class the reader no longer sees.
  if (n.notificationType === NotificationType.TeacherRemoved || n.notificationType === NotificationType.StudentLinkEnded) return null;
  const shape = SHAPES[n.notificationType];
  if (n.path && (shape ? shape.test(n.path) : /^\/teaching-class\/\d+$/.test(n.path)))
    return n.notificationType === NotificationType.HomeObservationWaiting ? `${n.path}#${HOME_OBSERVATIONS_ANCHOR}` : n.path;
  if (n.entityType === EntityType.TeachingClass && Number.isSafeInteger(n.entityId) && n.entityId > 0)
    return `/teaching-class/${n.entityId}`;
  return null;
}
