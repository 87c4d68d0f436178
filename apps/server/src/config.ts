import { z } from 'zod';
import os from 'node:os';
import path from 'node:path';
import { NOTIFICATION_STREAM_HEARTBEAT_MS, PRIVACY_POLICY_DEFAULT_DATE, UPLOAD_QUOTA_DEFAULTS, calendarDate } from '@skillroom/contract';

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const bytes = z.coerce.number().int().positive();

/** Two years (DESIGN §6): long enough for a school to look back, short enough to keep only what is needed. */
export const DEFAULT_RETENTION_DAYS = 730;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  NODE_ENV: z.string().optional(),
  DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // auto: pretty lines at a terminal, JSON lines otherwise.
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().default('Skillroom <no-reply@skillroom.local>'),
  SMTP_SECURE: bool.default(false),
  /** How long an SMTP server may keep us waiting (connect, greeting, each reply) before the send fails and is retried. */
  SMTP_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  MEDIA_MAX_IMAGE_BYTES: bytes.default(20 * 1024 * 1024),
  MEDIA_MAX_AUDIO_BYTES: bytes.default(50 * 1024 * 1024),
  MEDIA_MAX_VIDEO_BYTES: bytes.default(200 * 1024 * 1024),
  MEDIA_MAX_FILE_BYTES: bytes.default(25 * 1024 * 1024),
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 3600),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** How long a presigned store link stays valid once handed out (a reader who lost access keeps it that long). */
  S3_PRESIGN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(10),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** How long a stopping instance answers 503 on its health route before it closes (a balancer's checks notice). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ANSWER_CACHE_MAX_BYTES: bytes.default(32 * 1024 * 1024),
  MEDIA_MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(50_000_000),
  UPLOADS_PER_USER: z.coerce.number().int().positive().default(2),
  /** Resumable uploads one user may leave unfinished, and the sum of the lengths they announce (DESIGN §7). */
  UPLOADS_MAX_UNFINISHED: z.coerce.number().int().positive().default(UPLOAD_QUOTA_DEFAULTS.unfinished),
  UPLOADS_MAX_ANNOUNCED_BYTES: bytes.default(UPLOAD_QUOTA_DEFAULTS.announcedBytes),
  /** An unfinished resumable upload without a byte for this long expires (at most a week). */
  UPLOADS_IDLE_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(7 * 24 * 60)
    .default(UPLOAD_QUOTA_DEFAULTS.idleMinutes),
  // One core stays free for everyone else's requests while images are being worked on.
  MEDIA_IMAGE_JOBS: z.coerce
    .number()
    .int()
    .positive()
    .default(Math.max(1, os.availableParallelism() - 1)),
  ANALYTICS_EVENTS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // Comments and hearts on ratings (DESIGN §11) a user may write per minute, else 429.
  RATING_COMMENTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // Heavy work (lib/heavy-work.ts): roster imports, family letters and exports. Its CPU-bound steps run in worker
  // threads, one core left free for requests; each user and each instance may run only so many at once (else 429).
  HEAVY_WORKERS: z.coerce
    .number()
    .int()
    .positive()
    .default(Math.max(1, os.availableParallelism() - 1)),
  HEAVY_JOBS_PER_USER: z.coerce.number().int().positive().default(1),
  HEAVY_JOBS_PER_INSTANCE: z.coerce.number().int().positive().default(8),
  /** Where rate limits and upload slots are shared by every instance; without it each instance keeps its own. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Put before every key, so that several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'letters, digits and : _ . - only, at most 64')
    .default('skillroom:'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a URL-safe base64 P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a URL-safe base64 P-256 private key')
    .optional(),
  /** Who push services may contact about this server's messages: an https: URL or a mailto: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(https:\/\/|mailto:)\S+$/, 'must be an https: URL or a mailto: address')
    .optional(),
  /** Allows plain-http push endpoints (tests and local push services only; browsers always give https ones). */
  PUSH_ALLOW_HTTP: bool.default(false),
  PUSH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How often an open notification stream gets a heartbeat comment (proxies close silent connections). */
  SSE_HEARTBEAT_MS: z.coerce.number().int().min(10).default(NOTIFICATION_STREAM_HEARTBEAT_MS),
  /** Days a class's records are kept after it finished (or after its end date plus 90 days); 0 keeps them forever. */
  RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(DEFAULT_RETENTION_DAYS),
  /** The current privacy policy's date (YYYY-MM-DD): users who agreed before it (or never) are asked again. */
  PRIVACY_POLICY_DATE: calendarDate.default(PRIVACY_POLICY_DEFAULT_DATE),
  /** The oldest build of the product's mobile app still served (GET /version/{buildNumber}); 0: every build. */
  MINIMUM_APP_BUILD: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
  /** Origins (scheme://host[:port]) whose pages may call the API, comma-separated. */
  CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^https?:\/\/[^/\s?#]+$/, 'comma-separated origins such as https://app.example.org (no path)')))
    .default([]),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.S3_BUCKET && !(c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET');
  }
  if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither (keys are then made in DATA_DIR/keys)',
    );
  }
  // Else the largest file allowed could never be sent resumably.
  const largest = Math.max(c.MEDIA_MAX_IMAGE_BYTES, c.MEDIA_MAX_AUDIO_BYTES, c.MEDIA_MAX_VIDEO_BYTES, c.MEDIA_MAX_FILE_BYTES);
  if (c.UPLOADS_MAX_ANNOUNCED_BYTES < largest) {
    throw new ConfigError(`Invalid configuration:\n  UPLOADS_MAX_ANNOUNCED_BYTES: at least the largest MEDIA_MAX_*_BYTES (${largest})`);
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir,
    databaseUrl: c.DATABASE_URL ?? null,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    jwtSecret: c.JWT_SECRET ?? null,
    // Demo accounts with published passwords must never appear on a production server by accident.
    demo: c.DEMO ?? c.NODE_ENV !== 'production',
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    trustProxy: c.TRUST_PROXY,
    corsOrigins: c.CORS_ORIGINS,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    // Behind a balancer in production; a developer's Ctrl-C and the tests stop at once.
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS ?? (c.NODE_ENV === 'production' ? 2_000 : 0),
    statementTimeoutMs: c.DB_STATEMENT_TIMEOUT_MS,
    answerCacheMaxBytes: c.ANSWER_CACHE_MAX_BYTES,
    maxImagePixels: c.MEDIA_MAX_IMAGE_PIXELS,
    uploadsPerUser: c.UPLOADS_PER_USER,
    uploadQuota: {
      maxUnfinished: c.UPLOADS_MAX_UNFINISHED,
      maxAnnouncedBytes: c.UPLOADS_MAX_ANNOUNCED_BYTES,
      idleMs: c.UPLOADS_IDLE_EXPIRY_MINUTES * 60_000,
    },
    imageJobs: c.MEDIA_IMAGE_JOBS,
    heavyWork: { workers: c.HEAVY_WORKERS, perUser: c.HEAVY_JOBS_PER_USER, perInstance: c.HEAVY_JOBS_PER_INSTANCE },
    analyticsEventsPerMinute: c.ANALYTICS_EVENTS_PER_MINUTE,
    ratingCommentsPerMinute: c.RATING_COMMENTS_PER_MINUTE,
    redis: c.REDIS_URL ? { url: c.REDIS_URL, keyPrefix: c.REDIS_KEY_PREFIX } : null,
    smtp: c.SMTP_HOST
      ? {
          host: c.SMTP_HOST,
          port: c.SMTP_PORT,
          user: c.SMTP_USER,
          password: c.SMTP_PASSWORD,
          from: c.SMTP_FROM,
          secure: c.SMTP_SECURE,
          timeoutMs: c.SMTP_TIMEOUT_SECONDS * 1000,
        }
      : null,
    mailFrom: c.SMTP_FROM,
    mediaLimits: {
      image: c.MEDIA_MAX_IMAGE_BYTES,
      audio: c.MEDIA_MAX_AUDIO_BYTES,
      video: c.MEDIA_MAX_VIDEO_BYTES,
      file: c.MEDIA_MAX_FILE_BYTES,
    },
    mediaUrlTtlSeconds: c.MEDIA_URL_TTL_SECONDS,
    s3PresignTtlSeconds: c.S3_PRESIGN_TTL_SECONDS,
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          region: c.S3_REGION,
          endpoint: (c.S3_ENDPOINT ?? `https://s3.${c.S3_REGION}.amazonaws.com`).replace(/\/$/, ''),
          accessKeyId: c.S3_ACCESS_KEY_ID!,
          secretAccessKey: c.S3_SECRET_ACCESS_KEY!,
          // Custom endpoints (MinIO, Garage, …) usually want path-style addressing; AWS wants virtual hosts.
          forcePathStyle: c.S3_FORCE_PATH_STYLE ?? Boolean(c.S3_ENDPOINT),
        }
      : null,
    authRateLimitPerMinute: c.RATE_LIMIT_AUTH_PER_MINUTE,
    sseHeartbeatMs: c.SSE_HEARTBEAT_MS,
    retentionDays: c.RETENTION_DAYS,
    push: {
      vapidKeys: c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY } : null,
      subject:
        c.VAPID_SUBJECT ?? (c.PUBLIC_URL?.startsWith('https://') ? c.PUBLIC_URL.replace(/\/$/, '') : 'mailto:no-reply@skillroom.invalid'),
      allowHttp: c.PUSH_ALLOW_HTTP,
      timeoutMs: c.PUSH_TIMEOUT_MS,
    },
    privacyPolicyDate: c.PRIVACY_POLICY_DATE,
    minimumAppBuild: c.MINIMUM_APP_BUILD,
    webDistDir: c.WEB_DIST_DIR ? path.resolve(c.WEB_DIST_DIR) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
