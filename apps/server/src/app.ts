import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { API_AUTH_PREFIX, API_PUBLIC_PREFIX } from '@skillroom/contract';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { OutageMonitor } from './db/outage';
import { createMailer } from './lib/mailer';
import { createFileStore } from './lib/file-store-factory';
import { PartialUploads } from './lib/partial-uploads';
import { RedisLink } from './lib/redis-link';
import { sharedRateLimitStore } from './lib/shared-rate-limit-store';
import { hmac, persistentSecret } from './lib/secrets';
import { LRUCache } from 'lru-cache';
import { signingFor, UrlSigner } from './lib/url-signer';
import { authenticate, decoratePrincipal, requireSignedIn, TokenSigner } from './plugins/auth';
import { registerErrorHandler } from './plugins/error-handler';
import { clientErrorHandler, frameworkErrors, MAX_HEADER_BYTES, registerExpectationFailed } from './plugins/client-errors';
import { registerContentTypes } from './plugins/content-types';
import { refuseBodiesOfBodilessWrites } from './plugins/bodiless-writes';
import { registerCors } from './plugins/cors';
import { registerSecurity } from './plugins/security';
import { registerCompression } from './plugins/compression';
import { registerIdempotency } from './plugins/idempotency';
import { loggerOptions } from './plugins/logger';
import { registerWeb } from './plugins/web';
import { modules } from './modules';
import { collectRoutes, registerApiDocument } from './http/api-document';
import { checkResponses, serializerCompiler, validatorCompiler } from './http/route-schema';
import { NotificationBus } from './modules/notifications/notification-bus';
import { createPushSender } from './modules/push/push-sender';
import { registerTextGuard } from './http/text-guard';
import { unauthorized } from './http/errors';
import { isLiveAccount } from './lib/live-accounts';
import { usersRepository } from './modules/users/users.repository';
import { JobRunner } from './jobs/job-runner';
import { jobDefinitions } from './jobs/job-definitions';
import { openAccessLog } from './records/access-log';

export interface BuildOptions {
  config: Config;
  /** Reuse an open database (tests share one per file). */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Check every answer against its route's declared response schema (tests: a drift fails them). */
  checkResponses?: boolean;
}

const version = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }).version;

/** A write still marked running after this long died with its instance: its `Idempotency-Key` is taken over. */
const ABANDONED_KEY_MS = 5 * 60_000;

/** Methods that change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  checkResponses: checking = false,
}: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: logger ? loggerOptions(config, undefined, logStream) : false,
    trustProxy: config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler,
    frameworkErrors,
  });

  // One declaration per route (DESIGN §14): the contract's zod schemas validate, and the document is made from them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerApiDocument(app, version);
  if (checking) checkResponses(app);

  fs.mkdirSync(config.dataDir, { recursive: true });
  const db =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      statementTimeoutMs: config.statementTimeoutMs,
      onPoolError: (err) => outage.report(err),
    }));
  const outage = new OutageMonitor(app.log, () => db.ping());
  const jwtSecret = config.jwtSecret ?? persistentSecret(config.dataDir, 'jwt-secret');
  // Instances sharing JWT_SECRET must also accept each other's media links; alone, a key in DATA_DIR will do.
  const urlSecret = config.jwtSecret ? hmac(config.jwtSecret, 'media-url-signing') : persistentSecret(config.dataDir, 'url-secret');
  const files = createFileStore(config);
  const mailer = createMailer(config, app.log);
  const push = createPushSender(config, app.log);
  const bus = new NotificationBus(app.log);
  await bus.start(db);
  // Rate limits and upload slots shared by every instance (DESIGN §10); a Redis away at start is logged, not fatal.
  const redis = config.redis ? await RedisLink.open(config.redis.url, config.redis.keyPrefix, app.log) : null;
  const ctx: AppContext = {
    config,
    database: db,
    db: db.db,
    signer: new TokenSigner(jwtSecret),
    urlSigner: new UrlSigner(urlSecret, config.mediaUrlTtlSeconds, files.hasLinks),
    linkAccess: new LRUCache<string, boolean>({ max: 50_000, ttl: 60_000 }),
    files,
    partialUploads: new PartialUploads(config.dataDir),
    mailer,
    log: app.log,
    version,
    routes: collectRoutes(app),
    bus,
    push,
    redis,
    jobs: new JobRunner(db, { db: db.db, files, config, log: app.log, mailer, push }, jobDefinitions),
  };

  await registerSecurity(app, { crossOrigin: config.corsOrigins.length > 0, hsts: config.publicUrl.startsWith('https:') });
  registerContentTypes(app);
  refuseBodiesOfBodilessWrites(app);
  await registerCors(app, config.corsOrigins);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: Math.max(...Object.values(config.mediaLimits)) + 1, files: 1, fields: 10 } });
  await app.register(rateLimit, { global: false, ...(redis ? { store: sharedRateLimitStore(redis) } : {}) });
  registerErrorHandler(app, outage);
  registerTextGuard(app);
  registerExpectationFailed(app);
  // Before compression: the answer kept for a repeat is the JSON text, compressed again for each client as it asks.
  registerIdempotency(app, db.db, { abandonedMs: Math.max(2 * config.requestTimeoutMs, ABANDONED_KEY_MS) });
  await registerCompression(app);
  app.addHook('onRequest', authenticate(ctx.signer, config.publicUrl));
  decoratePrincipal(app);
  // Media links made by a handler are signed for its user; `done` runs the handler, so all it does inherits that user.
  app.addHook('preHandler', (req, _reply, done) => signingFor(req.signedIn?.userId ?? null, done));
  // A write may end someone's access to a file (an unlink, a removal, a deletion): checks made before it are dropped.
  // Before the answer leaves, so that a client that saw the write succeed never gets an access checked before it.
  app.addHook('onSend', async (req, reply, payload) => {
    if (!SAFE_METHODS.has(req.method) && reply.statusCode < 400) ctx.linkAccess.clear();
    return payload;
  });

  for (const m of modules) {
    if (m.root) await app.register(async (scope) => m.root!(scope.withTypeProvider<ZodTypeProvider>(), ctx));
    if (m.public)
      await app.register(async (scope) => m.public!(scope.withTypeProvider<ZodTypeProvider>(), ctx), { prefix: API_PUBLIC_PREFIX });
    if (m.auth)
      await app.register(
        async (scope) => {
          scope.addHook('onRequest', async (req) => {
            requireSignedIn(req);
            const userId = req.principal.userId;
            // A deleted account's token stops working at once (DESIGN §6 "Accounts").
            if (!(await isLiveAccount(ctx.db, userId, () => usersRepository.exists(ctx.db, userId))))
              throw unauthorized('Invalid JWT Token');
          });
          await m.auth!(scope.withTypeProvider<ZodTypeProvider>(), ctx);
        },
        { prefix: API_AUTH_PREFIX },
      );
  }
  await registerWeb(app, config, ctx.signer);
  const accessLog = openAccessLog(db.db, app.log);

  app.addHook('onClose', async () => {
    // The reads still buffered are written while the database is there (a crash loses at most the last 2 s of them).
    await accessLog.close();
    // A job running gets 5 s to finish; one still running then is failed, and retried by the next instance up. A
    // transcode is not waited for: its ffmpeg is stopped and its job failed at once, for any instance to retry.
    await ctx.jobs.stop(5_000);
    outage.stop();
    await bus.close();
    mailer.close?.();
    await redis?.close();
    if (!database) await db.close();
  });
  return { app, ctx };
}
