import { BASE_PATH, COOKIE_BEARER, COOKIE_REFRESH, ErrorText, LOGOUT_PATH, forgotPasswordParams, loginBody, refreshBody, resetPasswordBody } from '@skillroom/contract';
import { parse } from '../../http/validate';
import type { ModuleRoutes } from '../types';
import { authService, InvalidCredentials } from './auth.service';

export const authRoutes: ModuleRoutes = {
  name: 'auth',
  public: (app, ctx) => {
    const auth = authService(ctx);
    const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' };

    app.post('/login_check', { config: { rateLimit, doc: { summary: 'Sign in: a token pair', body: loginBody } } }, async (req, reply) => {
      const r = loginBody.safeParse(req.body);
      if (!r.success) return reply.status(401).send({ code: 401, message: ErrorText.invalidCredentials });
      try {
        return await auth.login(r.data.username, r.data.password);
      } catch (e) {
        if (e instanceof InvalidCredentials) return reply.status(401).send({ code: 401, message: ErrorText.invalidCredentials });
        throw e;
      }
    });

    app.post('/token_refresh', { config: { rateLimit: { max: 60, timeWindow: '1 minute' }, doc: { summary: 'Rotate a refresh token', body: refreshBody } } }, async (req, reply) => {
      const body = parse(refreshBody, req.body);
      const pair = await auth.refresh(body.refresh_token);
      if (!pair) return reply.status(401).send({ code: 401, message: 'Invalid JWT Refresh Token' });
      return pair;
    });

    app.get('/forgot_password/:email', { config: { rateLimit, doc: { summary: 'E-mail a password reset link' } } }, async (req) => {
      const { email } = parse(forgotPasswordParams, req.params);
      await auth.forgotPassword(email);
      return { message: 'If this address belongs to an account, a reset link is on its way.' };
    });

    app.post('/reset_password', { config: { rateLimit, doc: { summary: 'Set a new password with a reset token', body: resetPasswordBody } } }, async (req) => {
      const body = parse(resetPasswordBody, req.body);
      await auth.resetPassword(body.token, body.plainPassword);
      return { message: 'Your password has been changed.' };
    });
  },
  root: (app, ctx) => {
    const auth = authService(ctx);
    app.get(LOGOUT_PATH, { config: { doc: { summary: 'Revoke the refresh token of the cookie, clear both cookies, go to sign-in' } } }, async (req, reply) => {
      await auth.logout(req.cookies[COOKIE_REFRESH]);
      reply.clearCookie(COOKIE_BEARER, { path: '/' }).clearCookie(COOKIE_REFRESH, { path: '/' });
      return reply.redirect(`${BASE_PATH}/sign-in/`);
    });
  },
};
