import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';

/**
 * Runs a fixed SQL text under a statement name, outside any transaction: on PostgreSQL each pooled connection parses
 * and plans it once, and nothing is built per call (the ORM's query building cost more CPU than the statement itself
 * for the idempotency key's statements, which run beside every keyed write; measured by `npm run bench`). The
 * embedded database runs in the process and has no per-connection plans to keep.
 */
export async function namedQuery<R>(db: Db, name: string, text: string, values: unknown[]): Promise<R[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) return (await client.query<R & pg.QueryResultRow>({ name, text, values })).rows;
  return (await client.query<R>(text, values)).rows;
}
