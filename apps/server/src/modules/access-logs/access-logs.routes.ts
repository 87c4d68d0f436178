import { accessLogListQuery, accessLogSchema, API_AUTH_PREFIX, hydraCollectionSchema } from '@skillroom/contract';
import { collection } from '../../http/hydra';

import { flushAccessLog } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { presentAccessLog } from './access-logs.presenter';
import { accessLogsService as service } from './access-logs.service';
import { listQuerystring } from '../../http/route-schema';

export const accessLogsRoutes: ModuleRoutes = {
  name: 'access-logs',
  auth: (app, { db }) => {
    app.get(
      '/access-logs',
      {
        schema: {
          summary: "Who has read a student's record (class creators for their students; platform admins)",
          querystring: listQuerystring(accessLogListQuery),
          response: { 200: hydraCollectionSchema(accessLogSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        // The reads this instance still holds go first: the list shows every read answered here before it.
        await flushAccessLog(db);
        const { rows, total } = await service.list(db, p, q);
        return collection(`${API_AUTH_PREFIX}/access-logs`, rows.map(presentAccessLog), total, q, links);
      },
    );
  },
};
