import { analyticsEventBody } from '@skillroom/contract';
import { analyticsEvents } from '../../db/schema';
import { parse } from '../../http/validate';
import { requireUser } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';

export const analyticsRoutes: ModuleRoutes = {
  name: 'analytics',
  auth: (app, { db }) => {
    app.post('/analytics-event', { config: { rateLimit: { max: 300, timeWindow: '1 minute' }, doc: { summary: 'Record a screen view or event', body: analyticsEventBody } } }, async (req, reply) => {
      const p = requireUser(req);
      const body = parse(analyticsEventBody, req.body);
      await db.insert(analyticsEvents).values({ userId: p.userId, name: body.name, screen: body.screen ?? null, properties: body.properties ?? null });
      return reply.status(202).send({ '@type': 'AnalyticsEvent', accepted: true });
    });
  },
};
