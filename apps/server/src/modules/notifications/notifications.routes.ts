import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { z } from 'zod';
import {
  API_AUTH_PREFIX,
  fileAnswerSchema,
  hydraCollectionSchema,
  type MarkAllReadResponse,
  markAllReadSchema,
  NOTIFICATION_STREAM_PATH,
  notificationListQuery,
  notificationPatchBody,
  notificationSchema,
  V,
} from '@skillroom/contract';
import { collection, item } from '../../http/hydra';
import { stopSignal } from '../../http/request-signal';
import { bearerOf } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { NotificationStreams } from './notification-stream';
import { notificationsService as service } from './notifications.service';
import { idParams, listQuerystring } from '../../http/route-schema';

const MAX_ID = 2147483647;
const eventId = z
  .string({ error: V.type })
  .regex(/^\d{1,10}$/, { error: V.type })
  .transform(Number)
  .refine((n) => n <= MAX_ID, { error: V.type });
const streamQuery = z.object({ lastEventId: eventId.optional() }).strict();

/** When the request's token expires (ms), which ends the stream opened with it. */
function expiryOf(req: FastifyRequest): number | null {
  const token = bearerOf(req);
  try {
    const exp = token ? decodeJwt(token).exp : undefined;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export const notificationsRoutes: ModuleRoutes = {
  name: 'notifications',
  auth: (app, { db, bus, log, config }) => {
    const path = `${API_AUTH_PREFIX}/notifications`;
    // Streams end when the instance begins to drain (the stop signal), and at the latest before the server's close.
    const streams = new NotificationStreams(db, bus, log, config.sseHeartbeatMs, stopSignal(app));
    // Open streams would hold the server's close; they end first, and their clients reconnect elsewhere.
    app.addHook('preClose', async () => streams.close());

    app.get(
      '/notifications',
      {
        schema: {
          summary: "The user's notifications, newest first (isRead=false: the unread ones, the badge count)",
          querystring: listQuerystring(notificationListQuery),
          response: { 200: hydraCollectionSchema(notificationSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const { members, total } = await service.list(db, p, q);
        return collection(path, members, total, q, links);
      },
    );
    app.get(
      '/notification/:id',
      { schema: { summary: 'One of the user’s notifications', params: idParams, response: { 200: notificationSchema } } },
      async (req) => item(await service.get(db, req.principal, req.params.id)),
    );
    app.patch(
      '/notification/:id',
      {
        schema: {
          summary: 'Mark a notification read or unread',
          params: idParams,
          body: notificationPatchBody,
          response: { 200: notificationSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        const id = req.params.id;
        const b = req.body;
        return item(await service.setRead(db, p, id, b.isRead));
      },
    );
    app.post(
      '/notifications/mark-all-read',
      { schema: { summary: 'Mark all of the user’s notifications read', response: { 200: markAllReadSchema } } },
      async (req): Promise<MarkAllReadResponse> => ({
        updated: await service.markAllRead(db, req.principal),
      }),
    );
    app.get(
      NOTIFICATION_STREAM_PATH,
      {
        schema: {
          summary: 'New notifications as server-sent events (resumes after Last-Event-ID)',
          querystring: streamQuery,
          produces: ['text/event-stream'],
          response: { 200: fileAnswerSchema('Server-sent events') },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const q = req.query;
        const header = req.headers['last-event-id'];
        // A header the browser echoes back: one that is not ours is ignored rather than refused (the stream starts live).
        const fromHeader = typeof header === 'string' ? eventId.safeParse(header.trim()).data : undefined;
        const from = await streams.startOf(p.userId, fromHeader ?? q.lastEventId ?? null);
        // The response leaves Fastify's hands (and any compression): events are written as they happen.
        reply.hijack();
        streams.open(reply.raw, p.userId, from, expiryOf(req));
      },
    );
  },
};
