import { DEFAULT_LOCALE, LOCALES, type PublicConfig } from '@skillroom/contract';
import type { ModuleRoutes } from '../types';
import { DEMO_ACCOUNTS } from './demo-accounts';

export const systemRoutes: ModuleRoutes = {
  name: 'system',
  public: (app, ctx) => {
    // Answers 200 once the server is ready to serve: migrations ran and the database answers.
    app.get(
      '/config',
      { config: { doc: { summary: 'Version, locales, push key, retention days, privacy policy date; 200 once ready' } } },
      async (): Promise<PublicConfig> => {
        await ctx.database.ping();
        return {
          version: ctx.version,
          locales: [...LOCALES],
          defaultLocale: DEFAULT_LOCALE,
          demo: ctx.config.demo,
          vapidPublicKey: ctx.push.publicKey,
          retentionDays: ctx.config.retentionDays,
          privacyPolicyDate: ctx.config.privacyPolicyDate,
          ...(ctx.config.demo ? { demoAccounts: DEMO_ACCOUNTS.map(({ username, password, role }) => ({ username, password, role })) } : {}),
        };
      },
    );
  },
};
