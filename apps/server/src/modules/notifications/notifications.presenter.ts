import { PlatformType, type EntityType, type Notification, type NotificationType, type PushPayload } from '@skillroom/contract';
import { embedded, iri, iso } from '../../http/hydra';
import { translator } from '../translations/translations.service';
import type { NotificationRow } from './notifications.repository';

/** A notification's title and message in the reader's language (rows made before keys were stored keep their words). */
export function wordsOf(n: NotificationRow, locale: string): { title: string; message: string } {
  if (!n.textKey) return { title: n.title, message: n.message };
  const t = translator(locale);
  const params = n.params ?? {};
  return { title: t(`notification.${n.textKey}.title`, params), message: t(`notification.${n.textKey}.message`, params) };
}

export function presentNotification(n: NotificationRow, locale: string): Notification {
  return embedded('Notification', 'notification', n.id, {
    id: n.id,
    created: iso(n.created)!,
    updated: iso(n.updated)!,
    ...wordsOf(n, locale),
    user: iri('user', n.userId),
    isRead: n.isRead,
    notificationType: n.notificationType as NotificationType,
    entityType: n.entityType as EntityType,
    entityId: n.entityId,
    // The column holds 'web' for every row (no other platform makes notifications); the product's API answers its number.
    platformType: PlatformType.Web,
    path: n.path,
  });
}

/** What a push message carries: the texts and where a click leads. */
export const pushPayloadOf = (n: NotificationRow, locale: string): PushPayload => ({
  id: n.id,
  ...wordsOf(n, locale),
  notificationType: n.notificationType as NotificationType,
  entityType: n.entityType as EntityType,
  entityId: n.entityId,
  path: n.path,
});
