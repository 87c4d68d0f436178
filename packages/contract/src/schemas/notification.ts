import { z } from 'zod';
import { EntityType, NotificationType, PAGE_SIZE, PlatformType } from '../constants';
import { V, anyNumber, writeBody } from './common';
import { jsonLdObject, oneOf, stampFields } from './responses';
import { filter, listQuery } from './filters';

/** `GET /notifications`: newest first; `isRead=false` (or 0) lists the unread ones, whose total is the badge count. */
export const notificationListQuery = listQuery({ isRead: filter.flag('read (1) or unread (0)') }, PAGE_SIZE.notifications);

/** `PATCH /notification/{id}`: what a client read may be sent back; only `isRead` is written. */
export const notificationPatchBody = writeBody({ isRead: z.boolean({ error: V.type }) }, [
  'title',
  'message',
  'user',
  'notificationType',
  'entityType',
  'entityId',
  'platformType',
  'path',
]);
export type NotificationPatchBody = z.input<typeof notificationPatchBody>;

/** What the app opens for a notification (spec §2), relative to the base path `/web`; null: nothing to open. */
export type NotificationPath = string | null;

export const notificationSchema = jsonLdObject('Notification', {
  ...stampFields,
  /** Written in the recipient's preferred language when the notification was made. */
  title: z.string(),
  message: z.string(),
  /** The recipient's `@id`. */
  user: z.string(),
  isRead: z.boolean(),
  notificationType: oneOf(NotificationType),
  entityType: oneOf(EntityType),
  entityId: z.number().int(),
  /** Where the notification was made for: always 1, the web (the product's mobile apps are not part of it). */
  platformType: oneOf(PlatformType),
  /** The screen to open on a click, per spec §2, relative to `/web` (e.g. `/teaching-class/3/teachers`); null for none. */
  path: z.string().nullable(),
});
export type Notification = z.output<typeof notificationSchema>;

/** `POST /notifications/mark-all-read` answers how many were marked. */
export const markAllReadSchema = z.strictObject({ updated: z.number().int().min(0) });
export type MarkAllReadResponse = z.output<typeof markAllReadSchema>;

/*
 * Server-sent events at `GET /api/auth/v1/notifications/stream` (bearer header, or the BEARER cookie on the same origin).
 * Each new notification arrives as `event: notification`, `id: <notification id>`, `data: <Notification JSON>`;
 * a reconnecting client sends `Last-Event-ID` (or `?lastEventId=`) and receives what it missed. Comment lines
 * (`: ping`) are heartbeats. The server ends a stream when the token it was opened with expires (and on shutdown):
 * the client comes back with a fresh token and its last event id. Path, event name and heartbeat: NOTIFICATION_STREAM_*
 * in constants.ts (free of zod, for the web app's shell).
 */

/** A browser's Web Push subscription (`PushSubscription.toJSON()`), as stored in a push token record. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: 'This value is not a valid URL.' }).max(2048, { error: V.tooLong(2048) }),
  expirationTime: anyNumber.nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(512), auth: z.string().min(1).max(512) }, { error: V.blank }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const PUSH_MESSAGES = {
  token: 'This value should be a browser push subscription.',
} as const;

/**
 * `POST /firebase-token` `{token}`: the browser push token is `JSON.stringify(pushSubscription)`. Idempotent per
 * token: posting it again (by any signed-in user) answers the same record, now belonging to the poster.
 */
export const pushTokenBody = writeBody(
  {
    token: z
      .string({ error: V.blank })
      .trim()
      .min(1, { error: V.blank })
      .max(4096, { error: V.tooLong(4096) })
      .refine(
        (s) => {
          try {
            return pushSubscriptionSchema.safeParse(JSON.parse(s)).success;
          } catch {
            return false;
          }
        },
        { error: PUSH_MESSAGES.token },
      ),
  },
  ['user', 'errorCount', 'messageCount'],
);
export type PushTokenBody = z.input<typeof pushTokenBody>;

/** Push token record (spec §3). Removed with `DELETE /firebase-token/{id}` (sign-out). */
export const pushTokenSchema = jsonLdObject('FirebaseToken', {
  ...stampFields,
  token: z.string(),
  user: z.string(),
  errorCount: z.number().int(),
  messageCount: z.number().int(),
});
export type PushToken = z.output<typeof pushTokenSchema>;

/** What a push message carries to the service worker: enough to show it and open the right screen. */
export interface PushPayload {
  id: number;
  title: string;
  message: string;
  notificationType: NotificationType;
  entityType: EntityType;
  entityId: number;
  path: NotificationPath;
}
