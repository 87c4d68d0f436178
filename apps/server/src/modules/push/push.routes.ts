import { noContentSchema, pushTokenBody, pushTokenSchema } from '@skillroom/contract';
import { item } from '../../http/hydra';
import type { ModuleRoutes } from '../types';
import { presentPushToken } from './push.presenter';
import { pushService as service } from './push.service';
import { idParams } from '../../http/route-schema';

export const pushRoutes: ModuleRoutes = {
  name: 'push',
  auth: (app, { db, bus, push, jobs, log }) => {
    // Every new notification, from any instance, becomes one `push` job (its id is the notification's).
    const send = jobs.send.bind(jobs);
    const sweep = () => void service.sweep(db, send).catch((err: unknown) => log.warn({ err }, 'push sweep failed'));
    bus.subscribe({
      message: (m) => void service.announce(send, m.id).catch((err: unknown) => log.warn({ err, notification: m.id }, 'push not queued')),
      resume: sweep,
    });
    app.addHook('onReady', async () => sweep());

    app.post(
      '/firebase-token',
      {
        schema: {
          summary: "Register the browser's push subscription (idempotent per subscription)",
          body: pushTokenBody,
          response: { 200: pushTokenSchema, 201: pushTokenSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        const { row, inserted } = await service.register(db, push, p, req.body);
        return reply.status(inserted ? 201 : 200).send(item(presentPushToken(row)));
      },
    );
    app.get(
      '/firebase-token/:id',
      {
        schema: {
          summary: "One of the user's push tokens (its owner only)",
          params: idParams,
          response: { 200: pushTokenSchema },
        },
      },
      async (req) => item(presentPushToken(await service.get(db, req.principal, req.params.id))),
    );
    app.delete(
      '/firebase-token/:id',
      { schema: { summary: "Remove one of the user's push tokens (sign-out)", params: idParams, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await service.remove(db, req.principal, req.params.id);
        return reply.status(204).send();
      },
    );
  },
};
