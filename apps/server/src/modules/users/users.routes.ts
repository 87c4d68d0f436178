import {
  API_AUTH_PREFIX,
  accountDeleteBody,
  privacyPolicyAcceptBody,
  signUpBody,
  userListQuery,
  userPatchBody,
  validateEmailParams,
  validateUsernameParams,
} from '@skillroom/contract';
import { collection, item } from '../../http/hydra';
import { readListQuery } from '../../http/list-query';
import { idParam, parse } from '../../http/validate';
import { requireUser } from '../../plugins/auth';
import type { ModuleRoutes } from '../types';
import { presentPublicUser, presentUser } from './users.presenter';
import { usersPolicy } from './users.policy';
import { usersService } from './users.service';

export const usersRoutes: ModuleRoutes = {
  name: 'users',
  public: (app, { db, urlSigner, config }) => {
    const rateLimit = { max: config.authRateLimitPerMinute, timeWindow: '1 minute' };
    app.post('/user', { config: { rateLimit, doc: { summary: 'Sign up', body: signUpBody } } }, async (req, reply) => {
      const body = parse(signUpBody, req.body);
      const id = await usersService.signUp(db, body);
      return reply.status(201).send(item(presentUser(await usersService.get(db, id), urlSigner)));
    });
    // Sign-up's own checks of one value, for forms that ask before sending: no more than sign-up tells, as often.
    app.get(
      '/user/validate/email/:email',
      { config: { rateLimit, doc: { summary: 'Whether sign-up may use this e-mail' } } },
      async (req) => usersService.availability(db, 'email', parse(validateEmailParams, req.params).email),
    );
    app.get(
      '/user/validate/username/:username',
      { config: { rateLimit, doc: { summary: 'Whether sign-up may use this username' } } },
      async (req) => usersService.availability(db, 'username', parse(validateUsernameParams, req.params).username),
    );
  },
  auth: (app, { db, urlSigner, files, partialUploads }) => {
    app.get(
      '/users',
      {
        config: {
          doc: {
            summary: 'You and the people you work with (class teachers, your classes’ families, subscriptions)',
            query: userListQuery,
          },
        },
      },
      async (req) => {
        const p = requireUser(req);
        const { query: q, links } = readListQuery(req.query as Record<string, unknown>, userListQuery);
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
        config: {
          doc: { summary: 'A user: the whole profile for its owner, a public summary for those who share a class or a subscription' },
        },
      },
      async (req) => {
        const p = requireUser(req);
        const row = await usersService.getVisible(db, p, idParam((req.params as { id: string }).id));
        return item(usersPolicy.canSeeFull(p, row.user.id) ? presentUser(row, urlSigner) : presentPublicUser(row, urlSigner));
      },
    );
    app.patch('/user/:id', { config: { doc: { summary: 'Change your own profile', body: userPatchBody } } }, async (req) => {
      const p = requireUser(req);
      const body = parse(userPatchBody, req.body);
      const row = await usersService.patch(db, files, p, idParam((req.params as { id: string }).id), body);
      return item(presentUser(row, urlSigner));
    });
    app.delete(
      '/user/:id',
      { config: { doc: { summary: 'Delete your own account (current password; 409 while you own classes)', body: accountDeleteBody } } },
      async (req, reply) => {
        await usersService.remove(db, files, partialUploads, requireUser(req), idParam((req.params as { id: string }).id), req.body);
        return reply.status(204).send();
      },
    );
    app.post(
      '/privacy-policy/accept',
      {
        config: {
          doc: {
            summary: 'Agree to the current privacy policy (PRIVACY_POLICY_DATE); answers your profile',
            body: privacyPolicyAcceptBody,
          },
        },
      },
      async (req) => {
        const p = requireUser(req);
        parse(privacyPolicyAcceptBody, req.body);
        return item(presentUser(await usersService.acceptPrivacyPolicy(db, p), urlSigner));
      },
    );
  },
};
