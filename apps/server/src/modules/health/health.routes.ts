import type { ModuleRoutes } from '../types';

export const healthRoutes: ModuleRoutes = {
  name: 'health',
  auth: (app, { database }) => {
    // The benchmark's floor: the same authentication as every route and one `select 1` round trip.
    app.get('/health', { config: { doc: { summary: 'Signed-in health check: the database answers' } } }, async () => {
      await database.ping();
      return { status: 'ok' };
    });
  },
};
