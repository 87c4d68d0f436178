import { useNotificationStream } from '../../entities/notifications/use-notification-stream';
import { usePushRegistration } from '../../entities/push/use-push';
import type { LoadStatus } from '../../lib/current-user';

/** While a user is signed in: their notifications arrive live (event stream), and this browser is registered for push. */
export function useLiveUpdates(status: LoadStatus) {
  useNotificationStream(status === 'loaded');
  usePushRegistration(status);
}
