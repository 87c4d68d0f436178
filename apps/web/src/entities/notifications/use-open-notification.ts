import { ErrorText } from '@skillroom/contract/messages';
import type { Notification } from '@skillroom/contract/types';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { markNotificationRead, revalidateNotifications } from './notifications-api';
import { notificationTarget } from './notification-target';

/**
 * A click on a notification: it is marked read and its screen opens (spec §2). The screen opens at once; a failure to
 * mark it read is only logged (spec §8), and the lists are read again either way.
 */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    (n: Notification) => {
      const target = notificationTarget(n);
      after?.();
      if (target) void navigate(target);
      if (n.isRead) return;
      markNotificationRead(n.id)
        .catch((e: unknown) => console.error(ErrorText.classManage, e))
        .finally(() => void revalidateNotifications());
    },
    [navigate, after],
  );
}

/**
 * A click on a group of family requests: the class page opens at its requests panel, which unfolds them (its anchor is the
 * panel's `FAMILY_REQUESTS_ANCHOR`), and each unread one of the group is marked read; the panel stays until they are
 * answered, read or not (issue 36).
 */
export function useOpenNotificationGroup(after?: () => void) {
  const navigate = useNavigate();
  return useCallback(
    (items: Notification[], classId: number) => {
      after?.();
      void navigate(`/teaching-class/${classId}#family-requests`);
      const unread = items.filter((n) => !n.isRead);
      if (!unread.length) return;
      Promise.all(unread.map((n) => markNotificationRead(n.id)))
        .catch((e: unknown) => console.error(ErrorText.classManage, e))
        .finally(() => void revalidateNotifications());
    },
    [navigate, after],
  );
}
