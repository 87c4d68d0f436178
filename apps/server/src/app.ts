import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { API_AUTH_PREFIX, API_PUBLIC_PREFIX } from '@skillroom/contract';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { createMailer } from './lib/mailer';
import { createFileStore } from './lib/file-store';
import { hmac, persistentSecret } from './lib/secrets';
import { UrlSigner } from './lib/url-signer';
import { authenticate, TokenSigner } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { clientErrorHandler, frameworkErrors, MAX_HEADER_BYTES, registerExpectationFailed } from './plugins/client-errors';
import { registerContentTypes } from './plugins/content-types';
import { registerCors } from './plugins/cors';
import { registerSecurity } from './plugins/security';
import { registerCompression } from './plugins/compression';
import { loggerOptions } from './plugins/logger';
import { registerWeb } from './plugins/web';
import { modules } from './modules';
import { unauthorized } from './http/errors';
import { collectRoutes } from './http/openapi';
import { NotificationBus } from './modules/notifications/notification-bus';
import { createPushSender } from './modules/push/push-sender';
import { registerTextGuard } from './http/text-guard';

export interface BuildOptions {
  config: Config;
  /** Reuse an open database (tests share one per file). */
  database?: Database;
  logger?: boolean;
}

const version = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }).version;

export async function buildApp({ config, database, logger = true }: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: logger ? loggerOptions(config) : false,
    trustProxy: config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler,
    frameworkErrors,
  });

  fs.mkdirSync(config.dataDir, { recursive: true });
  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      onPoolError: (err) => app.log.warn({ err }, 'database connection lost'),
    }));
  const jwtSecret = config.jwtSecret ?? persistentSecret(config.dataDir, 'jwt-secret');
  // Instances sharing JWT_SECRET must also accept each other's media links; alone, a key in DATA_DIR will do.
  const urlSecret = config.jwtSecret ? hmac(config.jwtSecret, 'media-url-signing') : persistentSecret(config.dataDir, 'url-secret');
  const files = createFileStore(config);
  const bus = new NotificationBus(app.log);
  await bus.start(db);
  const ctx: AppContext = {
    config,
    database: db,
    db: db.db,
    signer: new TokenSigner(jwtSecret),
    urlSigner: new UrlSigner(urlSecret, config.mediaUrlTtlSeconds, (key) => files.publicUrl(key)),
    files,
    mailer: createMailer(config, app.log),
    log: app.log,
    version,
    routes: collectRoutes(app),
    bus,
    push: createPushSender(config, app.log),
  };

  registerContentTypes(app);
  await registerCors(app, config.corsOrigins);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: Math.max(...Object.values(config.mediaLimits)) + 1, files: 1, fields: 10 } });
  await app.register(rateLimit, { global: false });
  registerErrorHandler(app);
  registerTextGuard(app);
  registerExpectationFailed(app);
  registerSecurity(app, { crossOrigin: config.corsOrigins.length > 0 });
  await registerCompression(app);
  app.addHook('onRequest', authenticate(ctx.signer));
  app.decorateRequest('principal', null);

  for (const m of modules) {
    if (m.root) await app.register(async (scope) => m.root!(scope, ctx));
    if (m.public) await app.register(async (scope) => m.public!(scope, ctx), { prefix: API_PUBLIC_PREFIX });
    if (m.auth)
      await app.register(
        async (scope) => {
          scope.addHook('onRequest', async (req) => {
            if (!req.principal) throw unauthorized(req.headers.authorization ? 'Invalid JWT Token' : 'JWT Token not found');
          });
          await m.auth!(scope, ctx);
        },
        { prefix: API_AUTH_PREFIX },
      );
  }
  await registerWeb(app, config);

  app.addHook('onClose', async () => {
    await bus.close();
    if (!database) await db.close();
  });
  return { app, ctx };
}
