import type { Notification } from '@skillroom/contract/types';
import { FormattedMessage } from 'react-intl';
import { formatDateTime } from '../../lib/dates';

/** One notification as a button: a dot and bold title while unread, its message and when it came. */
export function NotificationItem({
  notification: n,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(n)}
      className={`flex w-full gap-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-inset ${
        compact ? 'px-4 py-3' : 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm'
      }`}
    >
      <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${n.isRead ? 'bg-transparent' : 'bg-teal-600'}`} />
      <span className="min-w-0 flex-1">
        <span className={`block break-words text-sm ${n.isRead ? 'font-medium text-slate-800' : 'font-bold text-slate-900'}`}>
          {!n.isRead && (
            <span className="sr-only">
              <FormattedMessage id="web_notifications_unread" />{' '}
            </span>
          )}
          {n.title}
        </span>
        <span className="mt-0.5 block break-words text-sm text-slate-700">{n.message}</span>
        <time dateTime={n.created} className="mt-1 block text-xs text-slate-600">
          {formatDateTime(n.created)}
        </time>
      </span>
    </button>
  );
}
