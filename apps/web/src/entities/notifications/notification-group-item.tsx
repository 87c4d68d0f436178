import type { Notification } from '@skillroom/contract/types';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/dates';
import { NotificationItem } from './notification-item';

interface Props {
  items: Notification[];
  classId: number;
  onOpenGroup: (items: Notification[], classId: number) => void;
  onOpen: (n: Notification) => void;
  compact?: boolean;
}

/**
 * Several family requests for one class as one line: how many, the newest one's words, and a button that opens the
 * class page where they are answered together; "Show each" lists them one by one.
 */
export function NotificationGroupItem({ items, classId, onOpenGroup, onOpen, compact = false }: Props) {
  const intl = useIntl();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const newest = items[0]!;
  const unread = items.some((n) => !n.isRead);
  return (
    <div className={compact ? '' : 'rounded-lg border border-slate-200 bg-white shadow-sm'}>
      <button
        type="button"
        onClick={() => onOpenGroup(items, classId)}
        className={`flex w-full gap-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-inset ${compact ? 'px-4 py-3' : 'p-4'}`}
      >
        <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-teal-600' : 'bg-transparent'}`} />
        <span className="min-w-0 flex-1">
          <span className={`block break-words text-sm ${unread ? 'font-bold text-slate-900' : 'font-medium text-slate-800'}`}>
            {unread && (
              <span className="sr-only">
                <FormattedMessage id="web_notifications_unread" />{' '}
              </span>
            )}
            <FormattedMessage id="web_notifications_group_title" values={{ count: items.length }} />
          </span>
          <span className="mt-0.5 block break-words text-sm text-slate-700">{newest.message}</span>
          <span className="mt-0.5 block text-sm text-slate-700">
            <FormattedMessage id="web_notifications_group_more" values={{ count: items.length - 1 }} />
          </span>
          <time dateTime={newest.created} className="mt-1 block text-xs text-slate-600">
            {formatDateTime(newest.created)}
          </time>
        </span>
      </button>
      <div className={compact ? 'px-4 pb-2' : 'px-4 pb-3'}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className="min-h-8 rounded-md px-2 text-sm font-medium text-teal-800 underline hover:bg-slate-100"
        >
          {intl.formatMessage({ id: open ? 'web_notifications_group_hide' : 'web_notifications_group_show' }, { count: items.length })}
        </button>
      </div>
      <ul id={listId} hidden={!open} className="divide-y divide-slate-100 border-t border-slate-100">
        {open &&
          items.map((n) => (
            <li key={n.id}>
              <NotificationItem notification={n} onOpen={onOpen} compact />
            </li>
          ))}
      </ul>
    </div>
  );
}
