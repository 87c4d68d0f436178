import { healthAnswerSchema } from '@skillroom/contract';
import { HttpError } from '../../http/errors';
import { isStopping } from '../../plugins/shutdown';
import type { ModuleRoutes } from '../types';

export const healthRoutes: ModuleRoutes = {
  name: 'health',
  // What a load balancer checks: no token, and 503 as soon as the instance stops or loses its database, so that
  // traffic goes to the others before this one closes its connections.
  public: (app, { database }) => {
    app.get(
      '/health',
      {
        schema: {
          summary: 'Public health check for load balancers: 200 when the database answers, 503 when stopping',
          response: { 200: healthAnswerSchema },
        },
      },
      async () => {
        if (isStopping(app)) throw new HttpError(503, 'This instance is stopping.', 'Service Unavailable');
        try {
          await database.ping();
        } catch {
          throw new HttpError(503, 'The database does not answer.', 'Service Unavailable');
        }
        return { status: 'ok' as const };
      },
    );
  },
  auth: (app, { database }) => {
    // The benchmark's floor: the same authentication as every route and one `select 1` round trip.
    app.get(
      '/health',
      { schema: { summary: 'Signed-in health check: the database answers', response: { 200: healthAnswerSchema } } },
      async () => {
        await database.ping();
        return { status: 'ok' as const };
      },
    );
  },
};
