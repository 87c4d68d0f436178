import { NotificationType } from '@skillroom/contract/constants';
import { revalidateStudentLinks } from '../../entities/invitations/student-links-api';
import { announceNotification } from '../../entities/notifications/live-notifications';
import { revalidateNotifications } from '../../entities/notifications/notifications-api';
import { useNotificationStream } from '../../entities/notifications/use-notification-stream';
import { usePushRegistration } from '../../entities/push/use-push';
import type { LoadStatus } from '../../lib/current-user';
import { revalidateClassData } from '../../lib/teaching-classes';
import { revalidateConversations } from '../../features/messages/api/messages-api';

/**
 * A notification means something changed for the user: the notifications, and the requests, teachers and links a screen
 * may show (a request to answer, a class joined), are read again; the screens listening for its type are told.
 */
function refresh(notificationType: number | null = null) {
  void Promise.all([revalidateNotifications(), revalidateClassData(), revalidateStudentLinks()]);
  // A new message (or events missed while away): the conversation lists, the open conversation and the header's count.
  if (notificationType === NotificationType.Message || notificationType === null) void revalidateConversations();
  if (notificationType !== null) announceNotification(notificationType);
}

/** While a user is signed in: their notifications arrive live (event stream), and this browser is registered for push. */
export function useLiveUpdates(status: LoadStatus) {
  useNotificationStream(status === 'loaded', refresh);
  usePushRegistration(status, refresh);
}
