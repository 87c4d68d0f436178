import type { EntityType, Notification, NotificationType, PushPayload } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import type { NotificationRow } from './notifications.repository';

export function presentNotification(n: NotificationRow): Notification {
  return embedded('Notification', 'notification', n.id, {
    id: n.id,
    created: iso(n.created)!,
    updated: iso(n.updated)!,
    title: n.title,
    message: n.message,
    user: iri('user', n.userId),
    isRead: n.isRead,
    notificationType: n.notificationType as NotificationType,
    entityType: n.entityType as EntityType,
    entityId: n.entityId,
    platformType: n.platformType,
    path: n.path,
  });
}

/** What a push message carries: the texts and where a click leads. */
export const pushPayloadOf = (n: NotificationRow): PushPayload => ({
  id: n.id,
  title: n.title,
  message: n.message,
  notificationType: n.notificationType as NotificationType,
  entityType: n.entityType as EntityType,
  entityId: n.entityId,
  path: n.path,
});
