import path from 'node:path';
import { sql } from 'drizzle-orm';
import { canTranscode, transcodeMedia } from '../modules/media/media.transcoder';
import type { JobDefinition } from './job-definition';
import { JOB } from '../lib/job-names';

/** A transcode may legitimately run for long; pg-boss 10 caps a job's expiry at 24 h, the lease does the rest. */
const LONGEST_SECONDS = 4 * 3600;

/**
 * One upload made playable (`{ mediaId }`, DESIGN §10). `standard` policy: several at once across instances, each job
 * to one worker; MEDIA_TRANSCODE_JOBS at once per instance. The run holds a 30 s lease it renews every 5 s, so a job
 * whose instance died is retried by another within a minute, however long a transcode may take.
 */
export const transcodeJob: JobDefinition = {
  name: JOB.transcode,
  cron: null,
  policy: 'standard',
  expireInSeconds: LONGEST_SECONDS,
  lease: { seconds: 30, beatSeconds: 5 },
  pollingIntervalSeconds: 5,
  retryLimit: 3,
  retryDelaySeconds: 2,
  async run(ctx, data, _now, attempt) {
    const mediaId = Number(data.mediaId);
    if (!Number.isSafeInteger(mediaId)) return { skipped: 'no media id' };
    const tmpDir = path.join(ctx.config.dataDir, 'tmp', 'transcode');
    return transcodeMedia({ db: ctx.db, files: ctx.files, log: ctx.log, tmpDir }, mediaId, attempt);
  },
};

/** How long a row may wait before the sweep asks whether a job is still coming for it. */
const QUIET_MINUTES = 10;

/**
 * Every ten minutes: media still waiting for a transcode that no job of the queue will do (the send was lost with
 * its instance, or the job gave up after its retries while its row said 'running'). Waiting ones are sent again;
 * ones left running are marked failed, kept as uploaded. Reads pg-boss's job table: one queue, live states only.
 */
export const transcodeSweepJob: JobDefinition = {
  name: 'transcode-sweep',
  cron: '*/10 * * * *',
  expireInSeconds: 5 * 60,
  retryLimit: 2,
  retryDelaySeconds: 60,
  async run(ctx, _data, now) {
    if (!canTranscode()) return { resent: 0, failed: 0 };
    const before = new Date(now.getTime() - QUIET_MINUTES * 60_000).toISOString();
    const orphans = (await ctx.db.execute(sql`
      select m.id, m.transcode_state as state from media m
      where m.transcode_state in ('pending', 'running') and m.updated < ${before}::timestamptz
        and not exists (
          select 1 from pgboss.job j
          where j.name = ${JOB.transcode} and j.state < 'completed' and (j.data ->> 'mediaId') = m.id::text
        )`)) as unknown as { rows: { id: number; state: string }[] };
    const failed = orphans.rows.filter((r) => r.state === 'running').map((r) => r.id);
    if (failed.length)
      await ctx.db.execute(sql`update media set transcode_state = 'failed'
        where transcode_state = 'running' and id in (${sql.join(
          failed.map((id) => sql`${id}`),
          sql`, `,
        )})`);
    const waiting = orphans.rows.filter((r) => r.state === 'pending');
    for (const r of waiting) await ctx.send(JOB.transcode, { mediaId: r.id });
    return { resent: waiting.length, failed: failed.length };
  },
};
