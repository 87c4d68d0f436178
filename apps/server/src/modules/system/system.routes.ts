import {
  DEFAULT_LOCALE,
  LOCALES,
  type PublicConfig,
  publicConfigSchema,
  type VersionInfo,
  versionInfoSchema,
  versionParams,
} from '@skillroom/contract';
import type { ModuleRoutes } from '../types';
import { DEMO_ACCOUNTS } from './demo-accounts';

export const systemRoutes: ModuleRoutes = {
  name: 'system',
  public: (app, ctx) => {
    // Answers 200 once the server is ready to serve: migrations ran and the database answers.
    app.get(
      '/config',
      {
        schema: {
          summary: 'Version, locales, push key, retention days, privacy policy date; 200 once ready',
          response: { 200: publicConfigSchema },
        },
      },
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
    app.get(
      '/version/:buildNumber',
      {
        schema: {
          summary: "The server's version and the oldest app build it serves (MINIMUM_APP_BUILD)",
          params: versionParams,
          response: { 200: versionInfoSchema },
        },
      },
      async (req): Promise<VersionInfo> => {
        const { buildNumber } = req.params;
        const minimum = ctx.config.minimumAppBuild;
        return { version: ctx.version, minimum, supported: buildNumber >= minimum };
      },
    );
  },
};
