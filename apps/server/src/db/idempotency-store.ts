import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY } from '@skillroom/contract';
import type { DbOrTx } from './client';
import { idempotencyKeys } from './schema';

export interface KeyOwner {
  scope: string;
  key: string;
  userId: number | null;
}

export interface StoredAnswer {
  requestHash: string;
  statusCode: number | null;
  responseHeaders: Record<string, string> | null;
  responseBody: string | null;
}

const KEEP = sql.raw(`interval '${IDEMPOTENCY.keepHours} hours'`);
const where = (o: Pick<KeyOwner, 'scope' | 'key'>) => and(eq(idempotencyKeys.scope, o.scope), eq(idempotencyKeys.key, o.key));

/** The `idempotency_key` table (DESIGN §7): the SQL of `plugins/idempotency.ts` and of its purge job. */
export const idempotencyStore = {
  /**
   * Takes the key for a first run: a new row (status null while it runs), or one that no longer counts, taken over
   * in the same statement so that two instances never both win: expired (older than 24 h), or still running after
   * `abandonedMs` (its instance died mid-request; no request runs that long). Answers whether this request won it.
   */
  async claim(db: DbOrTx, o: KeyOwner, requestHash: string, abandonedMs: number): Promise<boolean> {
    // Committed without waiting for the disk (synchronous_commit off for this one statement): the route's own commit
    // flushes the log up to it, and a claim lost with no write after it was not needed. Saves one flush per write.
    const result = (await db.execute(sql`
      insert into idempotency_key (scope, key, user_id, request_hash)
      select ${o.scope}, ${o.key}, ${o.userId}::int, ${requestHash} where set_config('synchronous_commit', 'off', true) is not null
      on conflict (scope, key) do update
        set user_id = excluded.user_id, request_hash = excluded.request_hash, status_code = null, response_headers = null,
          response_body = null, created = now()
        where idempotency_key.created < now() - ${KEEP}
          or (idempotency_key.status_code is null and idempotency_key.created < now() - ${`${abandonedMs} milliseconds`}::interval)
      returning key`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  },

  /** The key's row, unless expired (an expired row is as good as none; the purge job removes it). */
  async find(db: DbOrTx, o: Pick<KeyOwner, 'scope' | 'key'>): Promise<StoredAnswer | null> {
    const [row] = await db
      .select({
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        responseHeaders: idempotencyKeys.responseHeaders,
        responseBody: idempotencyKeys.responseBody,
      })
      .from(idempotencyKeys)
      .where(and(where(o), gt(idempotencyKeys.created, sql`now() - ${KEEP}`)));
    return row ? { ...row, responseHeaders: row.responseHeaders as Record<string, string> | null } : null;
  },

  /**
   * Keeps the first run's answer (and the request's hash, final only now for a multipart body). Committed without
   * waiting for the disk too: the next commit of any session flushes it (within 200 ms at most, PostgreSQL's WAL
   * writer delay). Lost only if the database crashes within that time, and then the key looks like a run whose
   * instance died (`claim`'s `abandonedMs`): what an instance crashing between the route's commit and this statement
   * leaves anyway, whatever the commit mode.
   */
  async complete(db: DbOrTx, o: Pick<KeyOwner, 'scope' | 'key'>, answer: StoredAnswer & { statusCode: number }) {
    await db
      .update(idempotencyKeys)
      .set(answer)
      .where(and(where(o), isNull(idempotencyKeys.statusCode), sql`set_config('synchronous_commit', 'off', true) is not null`));
  },

  /** Gives the key back after a run whose answer is not kept (5xx, a crash): a retry runs again. */
  async release(db: DbOrTx, o: Pick<KeyOwner, 'scope' | 'key'>) {
    await db.delete(idempotencyKeys).where(and(where(o), isNull(idempotencyKeys.statusCode)));
  },

  /** Removes keys older than 24 h at `now`; answers how many. */
  async purge(db: DbOrTx, now: Date): Promise<number> {
    const before = new Date(now.getTime() - IDEMPOTENCY.keepHours * 3_600_000);
    const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created, before)).returning({ key: idempotencyKeys.key });
    return gone.length;
  },
};
