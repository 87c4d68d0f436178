import { PAGE_SIZE } from '@skillroom/contract/constants';
import type { Announcement, Conversation, HydraCollection, Message } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api, withQuery } from '../../../lib/api-client';

export type MessagePage = HydraCollection<Message>;

/** DESIGN §11 messages: the reader's conversations, one conversation, its messages (newest first from the API). */
export const conversationsKey = (placeId?: number) =>
  withQuery('/conversations', { teachingClassStudent: placeId, itemsPerPage: placeId ? 1 : undefined });
/** The header's count: how many conversations hold a message the reader has not read (one item is enough to read it). */
export const UNREAD_CONVERSATIONS_KEY = withQuery('/conversations', { unread: 1, itemsPerPage: 1 });

/** Page `index` of a conversation (the newest first), or null past the oldest. */
export const messagePageKey = (id: number | null) => (index: number, previous: MessagePage | null) => {
  if (id === null || (previous && index * PAGE_SIZE.messages >= previous['hydra:totalItems'])) return null;
  return withQuery(`/conversation/${id}/messages`, { page: index + 1, itemsPerPage: PAGE_SIZE.messages });
};

export const useConversations = (placeId?: number) => useSWR<HydraCollection<Conversation>>(conversationsKey(placeId));
export const useConversation = (id: number | null) => useSWR<Conversation>(id ? `/conversation/${id}` : null);

/**
 * A conversation's messages, oldest first, from the newest page back to the pages loaded so far; `more` loads the
 * page before them. A message arriving while older pages are open shifts the pages by one: a message seen twice is kept once.
 */
export function useMessages(id: number | null) {
  const pages = useSWRInfinite<MessagePage>(messagePageKey(id), { revalidateFirstPage: true });
  const seen = new Set<number>();
  const messages = (pages.data ?? [])
    .flatMap((p) => p['hydra:member'])
    .filter((m) => !seen.has(m.id) && seen.add(m.id))
    .sort((a, b) => a.id - b.id);
  const total = pages.data?.[0]?.['hydra:totalItems'] ?? 0;
  return {
    ...pages,
    messages,
    hasOlder: pages.size * PAGE_SIZE.messages < total,
    loadingOlder: pages.isValidating && (pages.data?.length ?? 0) < pages.size,
    more: () => pages.setSize(pages.size + 1),
  };
}

export function useUnreadConversations() {
  const { data } = useSWR<HydraCollection<Conversation>>(UNREAD_CONVERSATIONS_KEY, { revalidateOnFocus: true });
  return data?.['hydra:totalItems'] ?? 0;
}

/** Every conversation list and view again (a message sent or read changes the unread counts everywhere). */
export const revalidateConversations = () =>
  mutate((key) => typeof key === 'string' && (key.startsWith('/conversation') || key.startsWith('/notifications')));

export const sendMessage = (body: { conversation?: string; teachingClassStudent?: string; text: string; medias?: string[] }) =>
  api<Message>('/message', { method: 'POST', body });

export const markRead = (messageId: number) => api<Message>(`/message/${messageId}`, { method: 'PATCH', body: { isRead: true } });

export const announce = (classId: number, text: string, medias: string[] = []) =>
  api<Announcement>('/announcement', {
    method: 'POST',
    body: { teachingClass: `/api/auth/v1/teaching-class/${classId}`, text, medias },
  });
