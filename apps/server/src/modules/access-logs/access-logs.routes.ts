import { accessLogListQuery, API_AUTH_PREFIX } from '@skillroom/contract';
import { collection } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';

import { flushAccessLog } from '../../records/access-log';
import type { ModuleRoutes } from '../types';
import { presentAccessLog } from './access-logs.presenter';
import { accessLogsService as service } from './access-logs.service';

export const accessLogsRoutes: ModuleRoutes = {
  name: 'access-logs',
  auth: (app, { db }) => {
    app.get(
      '/access-logs',
      {
        config: {
          doc: {
            summary: "Who has read a student's record (class creators for their students; platform admins)",
            query: accessLogListQuery,
          },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = readListQuery(req.query as Record<string, unknown>, accessLogListQuery);
        // The reads this instance still holds go first: the list shows every read answered here before it.
        await flushAccessLog(db);
        const { rows, total } = await service.list(db, p, q);
        return collection(`${API_AUTH_PREFIX}/access-logs`, rows.map(presentAccessLog), total, q, links);
      },
    );
  },
};
