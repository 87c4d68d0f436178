import { useState } from 'react';
import toast from 'react-hot-toast';
import { FormattedMessage, useIntl } from 'react-intl';
import useSWRInfinite from 'swr/infinite';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/spinner';
import { NotificationEntries } from '../../../entities/notifications/notification-entries';
import {
  markAllNotificationsRead,
  notificationPageKey,
  revalidateNotifications,
  useUnreadCount,
  type NotificationPage,
} from '../../../entities/notifications/notifications-api';
import { useOpenNotification, useOpenNotificationGroup } from '../../../entities/notifications/use-open-notification';
import { useScreenView } from '../../../lib/analytics';
import { useInfiniteScroll } from '../../../lib/use-infinite-scroll';
import { PushCard } from '../components/push-card';

/** Every notification, newest first, 25 a page with infinite scroll (spec §9); mark all read; turn on browser alerts. */
export function NotificationListRoute() {
  useScreenView('Notification List');
  const intl = useIntl();
  const { data, error, size, setSize, isValidating } = useSWRInfinite<NotificationPage>(notificationPageKey);
  const { count: unread } = useUnreadCount();
  const [marking, setMarking] = useState(false);
  const onOpen = useOpenNotification();
  const onOpenGroup = useOpenNotificationGroup();
  const items = data?.flatMap((p) => p['hydra:member']) ?? [];
  const total = data?.[0]?.['hydra:totalItems'] ?? 0;
  const hasMore = items.length < total;
  // Waiting only while nothing is here: SWR's isLoading stays true beside the list a page the server drew came with.
  const loading = !data && !error;
  const sentinel = useInfiniteScroll(() => {
    if (!isValidating) void setSize(size + 1);
  }, hasMore);

  const markAll = async () => {
    setMarking(true);
    try {
      await markAllNotificationsRead();
      await revalidateNotifications();
      toast.success(intl.formatMessage({ id: 'web_notifications_marked_all' }));
    } catch {
      toast.error(intl.formatMessage({ id: 'web_notifications_error_patch' }));
    } finally {
      setMarking(false);
    }
  };

  return (
    <Page
      narrow
      title={<FormattedMessage id="web_notifications_title" />}
      actions={
        unread > 0 && (
          <Button variant="secondary" busy={marking} onClick={() => void markAll()}>
            <FormattedMessage id="web_notifications_mark_all" />
          </Button>
        )
      }
    >
      <div className="space-y-6">
        <PushCard />
        {error && !data && <Alert>{intl.formatMessage({ id: 'web_notifications_error_load' })}</Alert>}
        {loading && <Loading />}
        {data && items.length === 0 && (
          <EmptyState title={<FormattedMessage id="web_notifications_empty" />}>
            <FormattedMessage id="web_notifications_empty_body" />
          </EmptyState>
        )}
        {items.length > 0 && (
          <ul className="space-y-3" aria-label={intl.formatMessage({ id: 'web_notifications_title' })}>
            <NotificationEntries items={items} onOpen={onOpen} onOpenGroup={onOpenGroup} />
          </ul>
        )}
        {hasMore && (
          <div ref={sentinel} className="py-6">
            {isValidating && <Loading />}
          </div>
        )}
      </div>
    </Page>
  );
}
