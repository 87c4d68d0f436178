import { badgeText } from '@skillroom/contract/rules';
import { useCallback, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { NotificationEntries } from '../../entities/notifications/notification-entries';
import { useLatestNotifications, useUnreadCount } from '../../entities/notifications/notifications-api';
import { useOpenNotification, useOpenNotificationGroup } from '../../entities/notifications/use-open-notification';
import { LineIcon } from './line-icon';
import { usePopup } from './use-popup';

const DROPDOWN =
  'fixed inset-x-2 top-16 z-30 max-h-[calc(100vh-5rem)] overflow-y-auto rounded-md border border-slate-200 bg-white shadow-lg ' +
  'md:absolute md:inset-x-auto md:top-full md:right-4 md:mt-1 md:w-96';
const BADGE = 'absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white';

/** The bell of spec §2: the unread count (9+ above 9), and a dropdown of the latest 10 with a link to them all. */
export function NotificationBell() {
  const intl = useIntl();
  const { open, close, ref, panelId, toggle } = usePopup();
  const headingId = useId();
  const { count } = useUnreadCount();
  const closed = useCallback(() => close(false), [close]);
  const onOpen = useOpenNotification(closed);
  const onOpenGroup = useOpenNotificationGroup(closed);

  return (
    <div ref={ref}>
      <button
        {...toggle}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
        aria-label={intl.formatMessage({ id: 'web_notifications_bell' }, { count })}
      >
        <LineIcon>
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </LineIcon>
        {count > 0 && (
          <span aria-hidden="true" data-testid="notification-badge" className={BADGE}>
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} aria-labelledby={headingId} className={DROPDOWN}>
          <h2 id={headingId} className="border-b border-slate-200 px-4 py-3 text-base font-semibold">
            <FormattedMessage id="web_notifications_title" />
          </h2>
          <LatestList onOpen={onOpen} onOpenGroup={onOpenGroup} />
          <div className="border-t border-slate-200 px-4 py-3">
            <Link
              to="/notifications"
              className="text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
              onClick={() => close(false)}
            >
              <FormattedMessage id="web_notifications_show_all" />
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}

function LatestList({
  onOpen,
  onOpenGroup,
}: {
  onOpen: ReturnType<typeof useOpenNotification>;
  onOpenGroup: ReturnType<typeof useOpenNotificationGroup>;
}) {
  const intl = useIntl();
  const { data, error } = useLatestNotifications();
  if (error && !data)
    return (
      <p role="alert" className="px-4 py-3 text-sm text-red-800">
        <FormattedMessage id="web_notifications_error_load" />
      </p>
    );
  if (!data)
    return (
      <div role="status" className="flex justify-center py-4 text-teal-700">
        <Spinner small />
        <span className="sr-only">{intl.formatMessage({ id: 'web_common_loading' })}</span>
      </div>
    );
  const items = data['hydra:member'];
  if (!items.length)
    return (
      <p className="px-4 py-6 text-center text-sm text-slate-700">
        <FormattedMessage id="web_notifications_empty" />
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100">
      <NotificationEntries items={items} onOpen={onOpen} onOpenGroup={onOpenGroup} compact />
    </ul>
  );
}
