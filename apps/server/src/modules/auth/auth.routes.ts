import {
  authRefusalSchema,
  BASE_PATH,
  COOKIE_BEARER,
  COOKIE_REFRESH,
  ErrorText,
  forgotPasswordParams,
  loginBody,
  LOGOUT_PATH,
  messageAnswerSchema,
  redirectSchema,
  refreshBody,
  resetPasswordBody,
  tokenPairSchema,
} from '@skillroom/contract';
import { documentedBody } from '../../http/route-schema';
import type { ModuleRoutes } from '../types';
import { authService, InvalidCredentials } from './auth.service';

export const authRoutes: ModuleRoutes = {
  name: 'auth',
  public: (app, ctx) => {
    const auth = authService(ctx);
    const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' };

    app.post(
      '/login_check',
      {
        schema: {
          summary: 'Sign in: a token pair',
          body: documentedBody(loginBody),
          response: { 200: tokenPairSchema, 401: authRefusalSchema },
        },
        config: { rateLimit },
      },
      async (req, reply) => {
        const r = loginBody.safeParse(req.body);
        if (!r.success) return reply.status(401).send({ code: 401, message: ErrorText.invalidCredentials });
        try {
          return await auth.login(r.data.username, r.data.password);
        } catch (e) {
          if (e instanceof InvalidCredentials) return reply.status(401).send({ code: 401, message: ErrorText.invalidCredentials });
          throw e;
        }
      },
    );

    app.post(
      '/token_refresh',
      {
        schema: { summary: 'Rotate a refresh token', body: refreshBody, response: { 200: tokenPairSchema, 401: authRefusalSchema } },
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (req, reply) => {
        const body = req.body;
        const pair = await auth.refresh(body.refresh_token);
        if (!pair) return reply.status(401).send({ code: 401, message: 'Invalid JWT Refresh Token' });
        return pair;
      },
    );

    app.get(
      '/forgot_password/:email',
      {
        schema: { summary: 'E-mail a password reset link', params: forgotPasswordParams, response: { 200: messageAnswerSchema } },
        config: { rateLimit },
      },
      async (req) => {
        const { email } = req.params;
        await auth.forgotPassword(email);
        return { message: 'If this address belongs to an account, a reset link is on its way.' };
      },
    );

    app.post(
      '/reset_password',
      {
        schema: { summary: 'Set a new password with a reset token', body: resetPasswordBody, response: { 200: messageAnswerSchema } },
        config: { rateLimit },
      },
      async (req) => {
        const body = req.body;
        await auth.resetPassword(body.token, body.plainPassword);
        return { message: 'Your password has been changed.' };
      },
    );
  },
  root: (app, ctx) => {
    const auth = authService(ctx);
    app.get(
      LOGOUT_PATH,
      {
        schema: {
          summary: 'Revoke the refresh token of the cookie, clear both cookies, go to sign-in',
          response: { 302: redirectSchema },
        },
      },
      async (req, reply) => {
        await auth.logout(req.cookies[COOKIE_REFRESH]);
        reply.clearCookie(COOKIE_BEARER, { path: '/' }).clearCookie(COOKIE_REFRESH, { path: '/' });
        return reply.redirect(`${BASE_PATH}/sign-in/`);
      },
    );
  },
};
