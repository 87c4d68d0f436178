import { API_AUTH_PREFIX, subscriptionListQuery } from '@skillroom/contract';
import { collection, item, offsetOf } from '../../http/hydra';
import { idParam } from '../../http/validate';
import { readListQuery } from '../../http/list-query';

import type { ModuleRoutes } from '../types';
import { presentSubscription } from './subscriptions.presenter';
import { subscriptionsService } from './subscriptions.service';

export const subscriptionsRoutes: ModuleRoutes = {
  name: 'subscriptions',
  auth: (app, { db }) => {
    app.get('/subscriptions', { config: { doc: { summary: "The signed-in user's subscriptions (as teacher or evaluator)", query: subscriptionListQuery } } }, async (req) => {
      const p = req.principal;
      const { query: q, links } = readListQuery(req.query as Record<string, unknown>, subscriptionListQuery);
      const { rows, total } = await subscriptionsService.list(db, p, q.itemsPerPage, offsetOf(q));
      return collection(`${API_AUTH_PREFIX}/subscriptions`, rows.map(presentSubscription), total, q, links);
    });
    app.get('/subscription/:id', { config: { doc: { summary: 'A subscription of which the user is a member' } } }, async (req) => {
      const p = req.principal;
      return item(presentSubscription(await subscriptionsService.get(db, p, idParam((req.params as { id: string }).id))));
    });
  },
};
