import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { driverError } from './driver-error';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /**
   * Where the cached answers' version checks run (one short read each): on PostgreSQL a small pool of its own, so that
   * a cached read never queues for a connection behind writers holding the main pool's; on PGlite the same `db`.
   */
  checks: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Raw client for LISTEN/NOTIFY and health checks. */
  ping(): Promise<void>;
  /**
   * Receives the NOTIFY payloads of a channel. On PostgreSQL a dedicated connection listens and comes back after a
   * loss, calling `onResume` once it listens again (what was sent meanwhile is lost to it, so callers catch up).
   * Answers a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  /** Where the job queue keeps its tables (`jobs/`): the embedded database's one client, or the server's address. */
  jobStore: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  databaseUrl: string | null;
  /** Folder of the embedded database; null keeps it in memory (tests). */
  pgliteDir: string | null;
  onPoolError?: (err: Error) => void;
  /** Longest a statement may run (PostgreSQL; PGlite runs inside the process and cannot hang on a network). */
  statementTimeoutMs?: number;
  /**
   * A dumped PGlite data folder to start from instead of an empty one (tests: migrated once per run, since creating
   * a cluster and migrating it costs seconds per file). Migrations still run; those already applied are skipped.
   */
  pgliteDataDir?: Blob;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // Migrations may take their time, so they run on a connection of their own, without the statement timeout.
    const migrator = new pg.Client({ connectionString: opts.databaseUrl, connectionTimeoutMillis: 5000 });
    await migrator.connect();
    try {
      await migratePg(drizzlePg(migrator, { schema }) as never, { migrationsFolder });
    } finally {
      await migrator.end();
    }
    const timeout = opts.statementTimeoutMs;
    const poolOf = (max: number) => {
      const p = new pg.Pool({
        connectionString: opts.databaseUrl!,
        max,
        connectionTimeoutMillis: 5000,
        // The server cancels a slow statement; the client gives up a little later when the server itself is frozen.
        ...(timeout ? { statement_timeout: timeout, query_timeout: timeout + 1000 } : {}),
      });
      // An idle client losing its server must not crash the process; the next query fails with 503 instead.
      p.on('error', (err) => opts.onPoolError?.(detached(err)));
      return p;
    };
    const pool = poolOf(10);
    const checkPool = poolOf(3);
    const db = retryingTransactions(drizzlePg(pool, { schema }) as unknown as Db);
    return {
      db,
      checks: drizzlePg(checkPool, { schema }) as unknown as Db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), checkPool.end()]);
      },
      ping: async () => {
        await pool.query('select 1');
      },
      listen: (channel, onMessage, onResume) =>
        listenPg(opts.databaseUrl!, channel, onMessage, onResume, opts.onPoolError && ((err) => opts.onPoolError!(detached(err)))),
      jobStore: { kind: 'postgres', url: opts.databaseUrl },
    };
  }
  if (opts.pgliteDir) fs.mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite({ loadDataDir: opts.pgliteDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    checks: db,
    kind: 'pglite',
    close: () => client.close(),
    ping: async () => {
      await client.query('select 1');
    },
    // One process owns the embedded database: its notifications reach its own listeners, and nothing else needs them.
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    jobStore: { kind: 'pglite', client },
  };
}

/** Deadlock detected, serialization failure: PostgreSQL aborted one side of a conflict that a new attempt resolves. */
const RETRYABLE = new Set(['40P01', '40001']);
const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs a transaction again, from its start, when PostgreSQL aborted it to break a deadlock or a serialization
 * conflict with another one: writers of different tables meet on shared rows (the cache versions, media being
 * erased), so a conflict is a matter of timing, and the second attempt finds the other side committed. Work done in
 * a transaction's callback outside the database must therefore be safe to repeat (every caller keeps it so: files
 * are removed after commit). The third conflict in a row reaches the client as a 409.
 */
function retryingTransactions(db: Db): Db {
  const once = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(work, config);
      } catch (e) {
        if (attempt >= TRANSACTION_ATTEMPTS || !RETRYABLE.has(driverError(e)?.code ?? '')) throw e;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * attempt));
      }
    }
  }) as Db['transaction'];
  return db;
}

/**
 * A driver's error as passed on (and so as logged): its name, code and message. pg-pool hangs the idle client that
 * lost its server on the error (`err.client`: connection parameters, the backend's processID and secretKey), and a
 * listener may keep what it is given.
 */
function detached(err: Error): Error {
  const out = new Error(err.message);
  out.name = err.name;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') Object.assign(out, { code });
  return out;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** LISTEN on a connection of its own (a pooled one would be handed to other queries), re-established after a loss. */
async function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onResume?: () => void,
  onError?: (err: Error) => void,
) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = 250;
  const connect = async (resuming: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    const lost = (err?: Error) => {
      if (err) onError?.(err);
      if (stopped || client !== c) return;
      client = null;
      c.removeAllListeners('end');
      void c.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(() => {}), delay);
      delay = Math.min(delay * 2, 10_000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
      delay = 250;
      if (resuming) onResume?.();
    } catch (e) {
      if (!resuming) {
        client = null;
        c.removeAllListeners();
        await c.end().catch(() => {});
        throw e;
      }
      lost(e as Error);
    }
  };
  await connect(false);
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => {});
  };
}
