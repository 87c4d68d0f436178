import type { Announcement, Conversation, HydraCollection, Message } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { api, withQuery } from '../../../lib/api-client';

/** DESIGN §11 messages: the reader's conversations, one conversation, its messages (newest first from the API). */
export const conversationsKey = (placeId?: number) =>
  withQuery('/conversations', { teachingClassStudent: placeId, itemsPerPage: placeId ? 1 : undefined });
export const messagesKey = (id: number) => `/conversation/${id}/messages`;

export const useConversations = (placeId?: number) => useSWR<HydraCollection<Conversation>>(conversationsKey(placeId));
export const useConversation = (id: number | null) => useSWR<Conversation>(id ? `/conversation/${id}` : null);
export const useMessages = (id: number | null) => useSWR<HydraCollection<Message>>(id ? messagesKey(id) : null);

/** Every conversation list and view again (a message sent or read changes the unread counts everywhere). */
export const revalidateConversations = () =>
  mutate((key) => typeof key === 'string' && (key.startsWith('/conversation') || key.startsWith('/notifications')));

export const sendMessage = (body: { conversation?: string; teachingClassStudent?: string; text: string }) =>
  api<Message>('/message', { method: 'POST', body });

export const markRead = (messageId: number) => api<Message>(`/message/${messageId}`, { method: 'PATCH', body: { isRead: true } });

export const announce = (classId: number, text: string) =>
  api<Announcement>('/announcement', { method: 'POST', body: { teachingClass: `/api/auth/v1/teaching-class/${classId}`, text } });
