import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { TokenSigner } from './plugins/auth';
import type { Mailer } from './lib/mailer';
import type { FileStore } from './lib/file-store';
import type { PartialUploads } from './lib/partial-uploads';
import type { LRUCache } from 'lru-cache';
import type { UrlSigner } from './lib/url-signer';
import type { collectRoutes } from './http/api-document';
import type { NotificationBus } from './modules/notifications/notification-bus';
import type { PushSender } from './modules/push/push-sender';
import type { JobRunner } from './jobs/job-runner';
import type { RedisLink } from './lib/redis-link';

/** What every module's services are built from; made once per server. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  signer: TokenSigner;
  urlSigner: UrlSigner;
  /** Whether the user a media link was issued to may still see the file: at most 60 s, cleared by any write here. */
  linkAccess: LRUCache<string, boolean>;
  files: FileStore;
  /** Resumable (tus) uploads in progress, in DATA_DIR/uploads: their owner, their removal. */
  partialUploads: PartialUploads;
  mailer: Mailer;
  log: FastifyBaseLogger;
  version: string;
  /** New notifications from every instance (LISTEN/NOTIFY). */
  bus: NotificationBus;
  /** Web Push delivery with this server's VAPID keys. */
  push: PushSender;
  /**
   * The job queue (pg-boss): transcoding, push delivery, mail, sweeps and retention. Started by `main.ts`, not by
   * tests unless they ask; a job sent before the start waits in memory for it.
   */
  jobs: JobRunner;
  /** The Redis of shared limits (`REDIS_URL`), or null: each instance keeps its own. */
  redis: RedisLink | null;
  /** Every registered route, for the API document. */
  routes: ReturnType<typeof collectRoutes>;
}
