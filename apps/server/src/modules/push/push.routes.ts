import { pushTokenBody } from '@skillroom/contract';
import { item } from '../../http/hydra';
import { idParam, parse } from '../../http/validate';
import { requireUser } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { presentPushToken } from './push.presenter';
import { pushService as service } from './push.service';

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

    app.post('/firebase-token', { config: { doc: { summary: "Register the browser's push subscription (idempotent per subscription)", body: pushTokenBody } } }, async (req, reply) => {
      const p = requireUser(req);
      const { row, inserted } = await service.register(db, push, p, parse(pushTokenBody, req.body));
      return reply.status(inserted ? 201 : 200).send(item(presentPushToken(row)));
    });
    app.get('/firebase-token/:id', { config: { doc: { summary: "One of the user's push tokens (its owner only)" } } }, async (req) => {
      const row = await service.get(db, requireUser(req), idParam((req.params as { id: string }).id));
      return item(presentPushToken(row));
    });
    app.delete('/firebase-token/:id', { config: { doc: { summary: "Remove one of the user's push tokens (sign-out)" } } }, async (req, reply) => {
      await service.remove(db, requireUser(req), idParam((req.params as { id: string }).id));
      return reply.status(204).send();
    });
  },
};
