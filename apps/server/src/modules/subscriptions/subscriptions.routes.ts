import { API_AUTH_PREFIX, hydraCollectionSchema, subscriptionListQuery, subscriptionSchema } from '@skillroom/contract';
import { collection, item, offsetOf } from '../../http/hydra';

import type { ModuleRoutes } from '../types';
import { presentSubscription } from './subscriptions.presenter';
import { subscriptionsService } from './subscriptions.service';
import { idParams, listQuerystring } from '../../http/route-schema';

export const subscriptionsRoutes: ModuleRoutes = {
  name: 'subscriptions',
  auth: (app, { db }) => {
    app.get(
      '/subscriptions',
      {
        schema: {
          summary: "The signed-in user's subscriptions (as teacher or evaluator)",
          querystring: listQuerystring(subscriptionListQuery),
          response: { 200: hydraCollectionSchema(subscriptionSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const { rows, total } = await subscriptionsService.list(db, p, q.itemsPerPage, offsetOf(q));
        return collection(`${API_AUTH_PREFIX}/subscriptions`, rows.map(presentSubscription), total, q, links);
      },
    );
    app.get(
      '/subscription/:id',
      { schema: { summary: 'A subscription of which the user is a member', params: idParams, response: { 200: subscriptionSchema } } },
      async (req) => {
        const p = req.principal;
        return item(presentSubscription(await subscriptionsService.get(db, p, req.params.id)));
      },
    );
  },
};
