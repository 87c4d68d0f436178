import { lt } from 'drizzle-orm';
import { IDEMPOTENCY } from '@skillroom/contract';
import type { Db, DbOrTx } from './client';
import { namedQuery } from './named-query';
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

/** What a claim found: the key is this request's now, or someone else's (its row; none if it went meanwhile). */
export type Claim = { won: true } | { won: false; row: StoredAnswer | null };

const KEEP = `interval '${IDEMPOTENCY.keepHours} hours'`;

/**
 * Takes the key, or reads the row that holds it, in one round trip. The key is taken with a new row (status null
 * while it runs), or over one that no longer counts, in the same statement so that two instances never both win:
 * expired (older than 24 h), or still running after `abandonedMs` (its instance died mid-request; no request runs
 * that long). Committed without waiting for the disk (synchronous_commit off for this one statement): the route's
 * own commit flushes the log up to it, and a claim lost with no write after it was not needed.
 * The read sees the statement's snapshot: a row committed by another instance after it began is not seen, and the
 * caller waits and claims again, as for a key still running.
 */
const CLAIM = `with claimed as (
  insert into idempotency_key (scope, key, user_id, request_hash)
  select $1, $2, $3::int, $4 where set_config('synchronous_commit', 'off', true) is not null
  on conflict (scope, key) do update
    set user_id = excluded.user_id, request_hash = excluded.request_hash, status_code = null, response_headers = null,
      response_body = null, created = now()
    where idempotency_key.created < now() - ${KEEP}
      or (idempotency_key.status_code is null and idempotency_key.created < now() - $5::interval)
  returning 1
)
select true as won, null as request_hash, null::int as status_code, null::jsonb as response_headers, null as response_body
  from claimed
union all
select false, request_hash, status_code, response_headers, response_body from idempotency_key
  where scope = $1 and key = $2 and created > now() - ${KEEP} and not exists (select 1 from claimed)`;

/**
 * Keeps the first run's answer (and the request's hash, final only now for a multipart body). Committed without
 * waiting for the disk too: the next commit of any session flushes it (within 200 ms at most, PostgreSQL's WAL
 * writer delay). Lost only if the database crashes within that time, and then the key looks like a run whose
 * instance died (`abandonedMs`): what an instance crashing between the route's commit and this statement leaves
 * anyway, whatever the commit mode.
 */
const COMPLETE = `update idempotency_key set request_hash = $3, status_code = $4, response_headers = $5::jsonb, response_body = $6,
    names = $7::text[]
  where scope = $1 and key = $2 and status_code is null and set_config('synchronous_commit', 'off', true) is not null`;

const RELEASE = 'delete from idempotency_key where scope = $1 and key = $2 and status_code is null';

interface ClaimRow {
  won: boolean;
  request_hash: string | null;
  status_code: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
}

/** The `idempotency_key` table (DESIGN §7): the SQL of `plugins/idempotency.ts` and of its purge job. */
export const idempotencyStore = {
  async claim(db: Db, o: KeyOwner, requestHash: string, abandonedMs: number): Promise<Claim> {
    const [row] = await namedQuery<ClaimRow>(db, 'idempotency_claim', CLAIM, [
      o.scope,
      o.key,
      o.userId,
      requestHash,
      `${abandonedMs} milliseconds`,
    ]);
    if (row?.won) return { won: true };
    return {
      won: false,
      row: row
        ? {
            requestHash: row.request_hash!,
            statusCode: row.status_code,
            responseHeaders: row.response_headers,
            responseBody: row.response_body,
          }
        : null,
    };
  },

  /** `names`: the IRIs the answer names (http/kept-answer.ts), by which an erasure finds it. */
  async complete(db: Db, o: Pick<KeyOwner, 'scope' | 'key'>, answer: StoredAnswer & { statusCode: number; names: string[] }) {
    const headers = answer.responseHeaders === null ? null : JSON.stringify(answer.responseHeaders);
    await namedQuery(db, 'idempotency_complete', COMPLETE, [
      o.scope,
      o.key,
      answer.requestHash,
      answer.statusCode,
      headers,
      answer.responseBody,
      answer.names,
    ]);
  },

  /** Gives the key back after a run whose answer is not final (a refusal that may turn, 5xx, a crash): a retry runs. */
  async release(db: Db, o: Pick<KeyOwner, 'scope' | 'key'>) {
    await namedQuery(db, 'idempotency_release', RELEASE, [o.scope, o.key]);
  },

  /** Removes keys older than 24 h at `now`; answers how many. */
  async purge(db: DbOrTx, now: Date): Promise<number> {
    const before = new Date(now.getTime() - IDEMPOTENCY.keepHours * 3_600_000);
    const gone = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.created, before)).returning({ key: idempotencyKeys.key });
    return gone.length;
  },
};
