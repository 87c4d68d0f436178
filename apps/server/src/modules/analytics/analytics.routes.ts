import { ANALYTICS_MAX_BYTES, analyticsAcceptedSchema, analyticsEventBody } from '@skillroom/contract';
import type { FastifyRequest } from 'fastify';
import { analyticsEvents } from '../../db/schema';
import type { ModuleRoutes } from '../types';

export const analyticsRoutes: ModuleRoutes = {
  name: 'analytics',
  auth: (app, { db, config }) => {
    // Counted per account, not per address: a whole school behind one address must not share one budget.
    const rateLimit = {
      max: config.analyticsEventsPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `analytics|${req.signedIn?.userId ?? req.ip}`,
    };
    app.post(
      '/analytics-event',
      {
        schema: { summary: 'Record a screen view or event', body: analyticsEventBody, response: { 202: analyticsAcceptedSchema } },
        bodyLimit: ANALYTICS_MAX_BYTES,
        config: { rateLimit },
      },
      async (req, reply) => {
        const p = req.principal;
        const body = req.body;
        await db
          .insert(analyticsEvents)
          .values({ userId: p.userId, name: body.name, screen: body.screen ?? null, properties: body.properties ?? null });
        return reply.status(202).send({ '@type': 'AnalyticsEvent', accepted: true });
      },
    );
  },
};
