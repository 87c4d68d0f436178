import { z } from 'zod';
import {
  accountDeleteBody,
  API_AUTH_PREFIX,
  hydraCollectionSchema,
  noContentSchema,
  privacyPolicyAcceptBody,
  publicUserSchema,
  signUpBody,
  userListQuery,
  userPatchBody,
  userSchema,
  validateEmailParams,
  validateUsernameParams,
  valueAvailabilitySchema,
} from '@skillroom/contract';
import { collection, item } from '../../http/hydra';
import type { ModuleRoutes } from '../types';
import { presentPublicUser, presentUser } from './users.presenter';
import { usersPolicy } from './users.policy';
import { usersService } from './users.service';
import { documentedBody, idParams, listQuerystring } from '../../http/route-schema';

export const usersRoutes: ModuleRoutes = {
  name: 'users',
  public: (app, { db, urlSigner, config }) => {
    const rateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };
    app.post(
      '/user',
      { schema: { summary: 'Sign up', body: signUpBody, response: { 201: userSchema } }, config: { rateLimit } },
      async (req, reply) => {
        const id = await usersService.signUp(db, req.body);
        return reply.status(201).send(item(presentUser(await usersService.get(db, id), urlSigner)));
      },
    );
    // Sign-up's own checks of one value, for forms that ask before sending: no more than sign-up tells, as often.
    app.get(
      '/user/validate/email/:email',
      {
        schema: { summary: 'Whether sign-up may use this e-mail', params: validateEmailParams, response: { 200: valueAvailabilitySchema } },
        config: { rateLimit },
      },
      async (req) => usersService.availability(db, 'email', req.params.email),
    );
    app.get(
      '/user/validate/username/:username',
      {
        schema: {
          summary: 'Whether sign-up may use this username',
          params: validateUsernameParams,
          response: { 200: valueAvailabilitySchema },
        },
        config: { rateLimit },
      },
      async (req) => usersService.availability(db, 'username', req.params.username),
    );
  },
  auth: (app, { db, urlSigner, files, partialUploads }) => {
    app.get(
      '/users',
      {
        schema: {
          summary: 'You and the people you work with (class teachers, your classes’ families, subscriptions)',
          querystring: listQuerystring(userListQuery),
          response: { 200: hydraCollectionSchema(publicUserSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const { rows, total } = await usersService.list(db, p, q);
        return collection(
          `${API_AUTH_PREFIX}/users`,
          rows.map((r) => presentPublicUser(r, urlSigner)),
          total,
          q,
          links,
        );
      },
    );
    app.get(
      '/user/:id',
      {
        schema: {
          summary: 'A user: the whole profile for its owner, a public summary for those who share a class or a subscription',
          params: idParams,
          response: { 200: z.union([userSchema, publicUserSchema]) },
        },
      },
      async (req) => {
        const p = req.principal;
        const row = await usersService.getVisible(db, p, req.params.id);
        return item(usersPolicy.canSeeFull(p, row.user.id) ? presentUser(row, urlSigner) : presentPublicUser(row, urlSigner));
      },
    );
    app.patch(
      '/user/:id',
      { schema: { summary: 'Change your own profile', params: idParams, body: userPatchBody, response: { 200: userSchema } } },
      async (req) => {
        const p = req.principal;
        const body = req.body;
        const row = await usersService.patch(db, files, p, req.params.id, body);
        return item(presentUser(row, urlSigner));
      },
    );
    app.delete(
      '/user/:id',
      {
        schema: {
          summary: 'Delete your own account (current password; 409 while you own classes)',
          params: idParams,
          // Read by the service after the access checks: another's account is a 403 whatever the body says.
          body: documentedBody(accountDeleteBody),
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await usersService.remove(db, files, partialUploads, req.principal, req.params.id, req.body);
        return reply.status(204).send();
      },
    );
    app.post(
      '/privacy-policy/accept',
      {
        schema: {
          summary: 'Agree to the current privacy policy (PRIVACY_POLICY_DATE); answers your profile',
          body: privacyPolicyAcceptBody,
          response: { 200: userSchema },
        },
      },
      async (req) => {
        const p = req.principal;
        return item(presentUser(await usersService.acceptPrivacyPolicy(db, p), urlSigner));
      },
    );
  },
};
