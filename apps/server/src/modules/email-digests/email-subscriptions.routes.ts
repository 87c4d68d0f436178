import {
  digestUnsubscribeBody,
  digestUnsubscribeQuery,
  emailSubscriptionCreateBody,
  emailSubscriptionListQuery,
  emailSubscriptionPatchBody,
  emailSubscriptionSchema,
  fileAnswerSchema,
} from '@skillroom/contract';
import { item } from '../../http/hydra';
import { idParams } from '../../http/route-schema';
import { listRoute } from '../list-route';
import type { ModuleRoutes } from '../types';
import { presentEmailSubscription as present } from './email-subscriptions.presenter';
import { emailSubscriptionsService as service } from './email-subscriptions.service';
import { unsubscribePage, unsubscribeService } from './digest-unsubscribe';

/** DESIGN §11 "E-mail digests": the product's email-subscription routes, with our `digest`, and the one-click unsubscribe. */
export const emailSubscriptionsRoutes: ModuleRoutes = {
  name: 'email-subscriptions',
  auth: (app, { db }) => {
    listRoute(app, 'email-subscriptions', {
      summary: "The user's own e-mail subscription (none or one)",
      query: emailSubscriptionListQuery,
      schema: emailSubscriptionSchema,
      list: async (p) => {
        const rows = await service.list(db, p);
        return { rows, total: rows.length };
      },
      present,
    });
    app.get(
      '/email-subscription/:id',
      { schema: { summary: "One e-mail subscription (its user's only)", params: idParams, response: { 200: emailSubscriptionSchema } } },
      async (req) => item(present(await service.get(db, req.principal, req.params.id))),
    );
    app.post(
      '/email-subscription',
      {
        schema: {
          summary: "Make the user's e-mail subscription (one per user): newsletter, and digest daily, weekly or off",
          body: emailSubscriptionCreateBody,
          response: { 201: emailSubscriptionSchema },
        },
      },
      async (req, reply) => reply.status(201).send(item(present(await service.create(db, req.principal, req.body)))),
    );
    app.patch(
      '/email-subscription/:id',
      {
        schema: {
          summary: 'Change an e-mail subscription (its user only): newsletter, digest daily, weekly or off',
          params: idParams,
          body: emailSubscriptionPatchBody,
          response: { 200: emailSubscriptionSchema },
        },
      },
      async (req) => item(present(await service.patch(db, req.principal, req.params.id, req.body))),
    );
  },
  public: (app, { db, config }) => {
    // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form; here only (the rest of the API is JSON).
    app.addContentTypeParser(['application/x-www-form-urlencoded', 'text/plain'], { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const schema = (summary: string) => ({
      summary,
      querystring: digestUnsubscribeQuery,
      produces: ['text/html'],
      response: { 200: fileAnswerSchema('HTML page'), 400: fileAnswerSchema('HTML page') },
    });
    app.get(
      '/email-digest/unsubscribe',
      { schema: schema('A page asking to confirm the end of e-mail digests (a GET changes nothing: link checkers open links)') },
      async (req, reply) => {
        const found = await unsubscribeService.whoFor(db, config, req.query.token);
        return reply
          .status(found ? 200 : 400)
          .type('text/html; charset=utf-8')
          .send(unsubscribePage(found?.preferredLanguage ?? 'en', found ? 'ask' : 'invalid', req.query.token));
      },
    );
    app.post(
      '/email-digest/unsubscribe',
      {
        schema: {
          ...schema('One-click unsubscribe (RFC 8058): turns the e-mail digest off, with no sign-in'),
          body: digestUnsubscribeBody,
        },
      },
      async (req, reply) => {
        const found = await unsubscribeService.unsubscribe(db, config, req.query.token);
        const state = !found ? 'invalid' : found.changed ? 'done' : 'already';
        return reply
          .status(found ? 200 : 400)
          .type('text/html; charset=utf-8')
          .send(unsubscribePage(found?.user.preferredLanguage ?? 'en', state, req.query.token));
      },
    );
  },
};
