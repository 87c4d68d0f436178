import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import type { User } from '@skillroom/contract';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDatabase, type Database } from '../src/db/client';
import type { JobRunnerOptions } from '../src/jobs/job-runner';

/** Job timings for tests: a worker polls twice a second, the lease watchdog too. */
export const TEST_JOBS: JobRunnerOptions = { pollingIntervalSeconds: 0.5, watchdogSeconds: 0.5 };

/** The database under test: PostgreSQL when TEST_DATABASE_URL is set (a fresh database per file), else in-memory PGlite. */
export const dbKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh database for a file, copied from the run's migrated one (test/database-template.ts) when there is one; the
 * migrator then finds every migration applied. Without it (a file run outside the API project) it migrates its own.
 */
async function openTestDatabase(
  mapUrl: (url: string) => string = (u) => u,
  statementTimeoutMs?: number,
): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = inject('pgliteTemplate');
    const pgliteDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteDataDir });
    return { database, url: null, drop: async () => {} };
  }
  const name = `skillroom_t_${crypto.randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: mapUrl(u.toString()), pgliteDir: null, statementTimeoutMs });
  return {
    database,
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** The PostgreSQL database of the file (null on PGlite), for a second instance on it. */
  databaseUrl: string | null;
  api: (
    method: InjectOptions['method'],
    url: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

/** One server and one database per test file (PGlite's first open takes seconds). */
export async function startTestServer(
  env: Record<string, string> = {},
  opts: { mapDatabaseUrl?: (url: string) => string; logStream?: { write(line: string): void }; jobs?: boolean | JobRunnerOptions } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    ...env,
  });
  const { database, url, drop } = await openTestDatabase(opts.mapDatabaseUrl, config.statementTimeoutMs);
  const { app, ctx } = await buildApp({
    config,
    database,
    logger: Boolean(opts.logStream),
    logStream: opts.logStream,
    checkResponses: true,
  });
  await app.ready();
  // The job queue only when the file asks (transcoding, push, mail): workers polling often, no schedules.
  if (opts.jobs) await ctx.jobs.start({ schedule: false, ...TEST_JOBS, ...(opts.jobs === true ? {} : opts.jobs) });
  return {
    app,
    ctx,
    dataDir,
    databaseUrl: url,
    api: (method, url, opts = {}) =>
      app.inject({
        method,
        url,
        headers: {
          accept: 'application/ld+json',
          ...(opts.body !== undefined ? { 'content-type': 'application/ld+json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
      }),
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second instance on the same PostgreSQL database and data folder (same secrets), as behind a load balancer. */
export async function startPeer(s: TestServer) {
  if (!s.databaseUrl) throw new Error('a peer needs PostgreSQL');
  const database = await openDatabase({ databaseUrl: s.databaseUrl, pgliteDir: null, statementTimeoutMs: s.ctx.config.statementTimeoutMs });
  const { app, ctx } = await buildApp({ config: s.ctx.config, database, logger: false });
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Waits until `check` holds, looking every 100 ms, at most `tries` times (the caller then asserts). */
export const until = async (check: () => Promise<boolean> | boolean, tries = 100) => {
  for (let i = 0; i < tries && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
};

let seq = 0;
/** Log lines collected from a test server (pass `logs.stream` as `logStream`, with LOG_LEVEL set). */
export function logCollector() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    text: () => lines.map((l) => JSON.stringify(l)).join('\n'),
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  };
}

/** Signs up a user through the API and signs them in. */
export async function signUp(s: TestServer, overrides: Record<string, unknown> = {}) {
  const n = `${process.pid}${++seq}${crypto.randomBytes(2).toString('hex')}`;
  const body = {
    username: `user${n}`,
    email: `user${n}@example.org`,
    plainPassword: 'correct horse battery',
    firstName: 'Test',
    lastName: `User${n}`,
    accountTypeRadio: 'teacher',
    preferredLanguage: 'en',
    ...overrides,
  };
  const res = await s.api('POST', '/api/public/v1/user', { body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const user = res.json() as User;
  const login = await s.api('POST', '/api/public/v1/login_check', { body: { username: body.username, password: body.plainPassword } });
  const pair = login.json() as { token: string; refresh_token: string };
  return {
    id: user.id,
    iri: user['@id'],
    username: body.username as string,
    password: body.plainPassword as string,
    token: pair.token,
    refresh: pair.refresh_token,
    user,
  };
}
