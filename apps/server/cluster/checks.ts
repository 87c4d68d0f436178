// What the cluster run must prove, read from PostgreSQL directly, not through the instances.
import type pg from 'pg';
import type { StreamStats } from './stream-client';
import type { Tally } from './traffic';

export interface StreamHolder {
  userId: number;
  stats: StreamStats;
}

/** Ids of `ids` that `table` does not hold. */
async function missing(db: pg.Client, table: string, ids: number[]) {
  const { rows } = await db.query<{ id: number }>(`select id from ${table} where id = any($1::int[])`, [ids]);
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export async function checkWrites(db: pg.Client, t: Tally) {
  const lost: Record<string, number[]> = {};
  let acknowledged = 0;
  for (const [table, ids] of Object.entries(t.acknowledged)) {
    acknowledged += ids.length;
    const gone = await missing(db, table, ids);
    if (gone.length) lost[table] = gone;
  }
  const lostCount = Object.values(lost).reduce((n, ids) => n + ids.length, 0);
  return { acknowledged, found: acknowledged - lostCount, lost };
}

/** Notifications made for the stream holders (all of theirs: they are new accounts) against those received. */
export async function checkStreams(db: pg.Client, holders: StreamHolder[], victim: string) {
  const users = [...new Set(holders.map((h) => h.userId))];
  const { rows } = await db.query<{ id: number; user_id: number }>('select id, user_id from notification where user_id = any($1::int[])', [
    users,
  ]);
  let sent = 0;
  let received = 0;
  let missed = 0;
  let duplicates = 0;
  const problems: string[] = [];
  for (const h of holders) {
    const mine = rows.filter((r) => r.user_id === h.userId).map((r) => r.id);
    const got = new Set(h.stats.ids);
    sent += mine.length;
    received += got.size;
    duplicates += h.stats.ids.length - got.size;
    const lost = mine.filter((id) => !got.has(id));
    missed += lost.length;
    if (lost.length) problems.push(`user ${h.userId} missed notifications ${lost.slice(0, 10).join(', ')}`);
    const first = h.stats.servedBy[0];
    if (first === victim) {
      const after = h.stats.servedBy.slice(1);
      if (!after.length) problems.push(`a stream of user ${h.userId} on ${victim} never resumed`);
      else if (after.some((s) => s === victim)) problems.push(`a stream of user ${h.userId} resumed on the killed instance`);
    }
  }
  const resumeMs = holders.flatMap((h) => h.stats.resumeMs);
  const dropped = holders.filter((h) => h.stats.servedBy[0] === victim).length;
  if (!dropped) problems.push(`no stream was on ${victim}: nothing proved about resuming`);
  return { sent, received, missed, duplicates, dropped, resumeMs, problems };
}

/** The video's transcode state: null once transcoded (the original replaced), else pending, running or failed. */
export async function transcodeState(db: pg.Client, mediaId: number) {
  const { rows } = await db.query<{ transcode_state: string | null }>('select transcode_state from media where id = $1', [mediaId]);
  if (!rows[0]) return 'missing';
  return rows[0].transcode_state ?? 'done';
}

/** Whether the video's transcode job has been taken up again after its first try (pg-boss counts the retry). */
export async function transcodeRetried(db: pg.Client, mediaId: number) {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pgboss.job where name = 'transcode' and (data->>'mediaId')::int = $1
       and retry_count > 0 and state in ('active', 'completed')`,
    [mediaId],
  );
  return rows[0]!.n > 0;
}

/** The transcode queue's jobs as pg-boss holds them, for the report of a failed run. */
export async function transcodeJobs(db: pg.Client) {
  const { rows } = await db.query(
    `select id, state, retry_count, data, started_on, now() - started_on as silent_for, output from pgboss.job where name = 'transcode'`,
  );
  return rows;
}
