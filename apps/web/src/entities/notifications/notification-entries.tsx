import type { Notification } from '@skillroom/contract/types';
import { NotificationGroupItem } from './notification-group-item';
import { groupNotifications } from './notification-groups';
import { NotificationItem } from './notification-item';

interface Props {
  items: Notification[];
  onOpen: (n: Notification) => void;
  onOpenGroup: (items: Notification[], classId: number) => void;
  compact?: boolean;
  /** Classes of each list item (spacing differs between the full list and the bell's dropdown). */
  itemClassName?: string;
}

/** The list items of a notification list, family requests for one class in a row shown as one (groupNotifications). */
export function NotificationEntries({ items, onOpen, onOpenGroup, compact = false, itemClassName }: Props) {
  return groupNotifications(items).map((e) => (
    <li key={e.key} className={itemClassName}>
      {e.classId !== null ? (
        <NotificationGroupItem items={e.items} classId={e.classId} onOpen={onOpen} onOpenGroup={onOpenGroup} compact={compact} />
      ) : (
        <NotificationItem notification={e.items[0]!} onOpen={onOpen} compact={compact} />
      )}
    </li>
  ));
}
