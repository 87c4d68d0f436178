import { PAGE_SIZE } from '@skillroom/contract/constants';
import type { HydraCollection, MarkAllReadResponse, Notification } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { api, withQuery } from '../../lib/api-client';

export type NotificationPage = HydraCollection<Notification>;

/** The badge count: the total of the unread ones (spec §2), one item is enough to read it. */
export const UNREAD_KEY = withQuery('/notifications', { isRead: 'false', page: 1, itemsPerPage: 1 });
/** The dropdown: the latest 10 (spec §7). */
export const LATEST_KEY = withQuery('/notifications', { page: 1, itemsPerPage: PAGE_SIZE.notificationDropdown });

/** One page of the full list (25 a page, spec §9), or null past the last one. */
export function notificationPageKey(index: number, previous: NotificationPage | null): string | null {
  if (previous && index * PAGE_SIZE.notifications >= previous['hydra:totalItems']) return null;
  return withQuery('/notifications', { page: index + 1, itemsPerPage: PAGE_SIZE.notifications });
}

export function useUnreadCount() {
  const { data, error } = useSWR<NotificationPage>(UNREAD_KEY, { revalidateOnFocus: true });
  return { count: data?.['hydra:totalItems'] ?? 0, error };
}

/** The dropdown's list, refreshed when the window regains focus (spec §9: the one exception to no focus refresh). */
export function useLatestNotifications(enabled = true) {
  return useSWR<NotificationPage>(enabled ? LATEST_KEY : null, { revalidateOnFocus: true });
}

/** Every cached notification answer (badge, dropdown, full list) is asked again: after a change, an event or a push. */
export function revalidateNotifications() {
  return Promise.all([
    mutate((key) => typeof key === 'string' && key.startsWith('/notifications')),
    mutate(unstable_serialize(notificationPageKey)),
  ]);
}

export const markNotificationRead = (id: number) => api<Notification>(`/notification/${id}`, { method: 'PATCH', body: { isRead: true } });

export const markAllNotificationsRead = () => api<MarkAllReadResponse>('/notifications/mark-all-read', { method: 'POST' });
