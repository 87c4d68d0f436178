import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startTestServer, type TestServer } from '../../test/harness';
import { makeMedia } from '../../test/classes';
import { MediaType } from '@skillroom/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { media } from '../db/schema';
import type { JobContext, JobDefinition } from './job-definition';
import { JobRunner } from './job-runner';
import { jobDefinitions } from './job-definitions';
import { pgliteBossDb } from './pglite-boss-db';

let s: TestServer;
const runners: JobRunner[] = [];
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  for (const r of runners) await r.stop(1000);
  await s.close();
});

const jobContext = (): JobContext => ({
  db: s.ctx.db,
  files: s.ctx.files,
  config: s.ctx.config,
  log: s.ctx.log,
  mailer: s.ctx.mailer,
  push: s.ctx.push,
});

/** A test queue: what each run saw, and a body the test chooses. */
function testJob(name: string, body: (data: Record<string, unknown>) => Promise<unknown>, o: Partial<JobDefinition> = {}): JobDefinition {
  return { name, cron: null, expireInSeconds: 30, retryLimit: 2, retryDelaySeconds: 1, run: (_ctx, data) => body(data), ...o };
}

async function runner(defs: JobDefinition[], opts: Parameters<JobRunner['start']>[0] = {}) {
  const r = new JobRunner(s.ctx.database, jobContext(), defs);
  runners.push(r);
  await r.start({ schedule: false, pollingIntervalSeconds: 0.5, ...opts });
  return r;
}

describe('the job queue (pg-boss, DESIGN §10)', () => {
  it('is not started by the test harness, and keeps its tables out of the app schema', async () => {
    expect(s.ctx.jobs.started).toBe(false);
    const r = await runner([testJob('plain', async () => 1)]);
    const { rows } = (await s.ctx.db.execute(
      sql`select table_schema from information_schema.tables where table_name = 'job' and table_schema <> 'public'`,
    )) as unknown as {
      rows: { table_schema: string }[];
    };
    expect(rows.map((x) => x.table_schema)).toEqual(['pgboss']);
    expect(await r.runNow('plain')).toMatchObject({ state: 'completed', output: { value: 1 }, retryCount: 0 });
  });

  it('paused (the instance stops), finishes the job in hand, takes no new one and still queues sends', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const ran: number[] = [];
    const r = await runner([
      testJob('held', async (d) => {
        ran.push(Number(d.n));
        if (d.n === 1) await held;
        return d.n;
      }),
    ]);
    const first = await r.send('held', { n: 1 });
    await expect.poll(() => ran, { timeout: 10_000 }).toEqual([1]);
    await r.pause();
    // A request answered while the server drains may still send: the job waits for another instance.
    const second = await r.send('held', { n: 2 });
    expect(second).toBeTruthy();
    release();
    expect((await r.waitFor('held', first!)).state).toBe('completed');
    await new Promise((done) => setTimeout(done, 1_500));
    expect(ran).toEqual([1]);
    expect((await r.get('held', second!))?.state).toBe('created');
    await r.stop(1_000);
  });

  it('runs a job with its data and answers its output', async () => {
    const seen: unknown[] = [];
    const r = await runner([testJob('echo', async (d) => (seen.push(d), { got: d.n }))]);
    expect(await r.runNow('echo', { n: 7 })).toMatchObject({ state: 'completed', output: { got: 7 } });
    expect(seen).toEqual([{ n: 7 }]);
  });

  it('retries a failing job with back-off, and gives up after its retries', async () => {
    let calls = 0;
    const r = await runner([
      testJob('flaky', async () => {
        calls++;
        if (calls < 2) throw new Error('not yet');
        return 'ok';
      }),
      testJob(
        'broken',
        async () => {
          throw new Error('always');
        },
        { retryLimit: 1 },
      ),
    ]);
    expect(await r.runNow('flaky')).toMatchObject({ state: 'completed', output: { value: 'ok' }, retryCount: 1 });
    expect(calls).toBe(2);
    const failed = await r.runNow('broken');
    expect(failed).toMatchObject({ state: 'failed', retryCount: 1 });
    expect(JSON.stringify(failed.output)).toContain('always');
  });

  it('gives each job to one worker only when two instances race for them', async () => {
    const runs = new Map<string, number>();
    const def = testJob(
      'race',
      async (d) => {
        runs.set(String(d.k), (runs.get(String(d.k)) ?? 0) + 1);
        return d.k;
      },
      { policy: 'standard' },
    );
    const [a, b] = await Promise.all([runner([def]), runner([def])]);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, k) => (k % 2 ? a : b).send('race', { k })));
    const outcomes = await Promise.all(ids.map((id) => a.waitFor('race', id!)));
    expect(outcomes.every((o) => o.state === 'completed' && o.retryCount === 0)).toBe(true);
    expect([...runs.values()]).toEqual(Array(20).fill(1));
  });

  it('takes over a job held by a dead worker once it expires, and completes it once', async () => {
    let runsOnLiving = 0;
    const def = testJob('takeover', async () => ++runsOnLiving, { expireInSeconds: 1, retryDelaySeconds: 1 });
    // The dead instance: it took the job (the queue marks it active) and never came back.
    const dead = await runner([def], { work: false });
    const id = (await dead.send('takeover'))!;
    const [held] = await dead.queue.fetch('takeover');
    expect(held!.id).toBe(id);
    expect((await dead.get('takeover', id))!.state).toBe('active');
    const living = await runner([def]);
    // Maintenance finds the expired job (every minute in production; here as often as the test asks).
    let outcome = await living.get('takeover', id);
    while (outcome!.state === 'active') {
      await living.expireNow();
      await new Promise((r) => setTimeout(r, 100));
      outcome = await living.get('takeover', id);
    }
    expect(await living.waitFor('takeover', id)).toMatchObject({ state: 'completed', retryCount: 1, output: { value: 1 } });
    expect(runsOnLiving).toBe(1);
    // The dead worker's late answer changes nothing: the job is done once.
    // (pg-boss answers the count, though its types say void.)
    expect(((await dead.queue.complete('takeover', id)) as unknown as { affected: number }).affected).toBe(0);
  });

  it('registers the schedules idempotently at start, and stops cleanly', async () => {
    const a = new JobRunner(s.ctx.database, jobContext(), jobDefinitions);
    const b = new JobRunner(s.ctx.database, jobContext(), jobDefinitions);
    // Two instances starting together, creating the same new queues.
    await Promise.all([a.start({ work: false }), b.start({ work: false })]);
    const schedules = await a.queue.getSchedules();
    expect(schedules.map((x) => [x.name, x.cron, (x as { timezone?: string }).timezone]).sort()).toEqual([
      ['email-digest', '*/15 * * * *', 'UTC'],
      ['idempotency-purge', '29 * * * *', 'UTC'],
      ['orphan-sweep', '17 3 * * *', 'UTC'],
      ['partial-upload-sweep', '*/10 * * * *', 'UTC'],
      ['retention', '23 2 * * *', 'UTC'],
      ['transcode-sweep', '*/10 * * * *', 'UTC'],
      ['unattached-sweep', '41 * * * *', 'UTC'],
    ]);
    expect(await a.queue.getQueue('retention')).toMatchObject({
      policy: 'singleton',
      retryLimit: 3,
      retryBackoff: true,
      expireInSeconds: 1800,
    });
    await a.stop(1000);
    await b.stop(1000);
    expect(a.started).toBe(false);
    await expect(a.send('retention')).rejects.toThrow(/not started/);
  });
});

describe.runIf(dbKind === 'pglite')("pg-boss on the embedded database's one connection", () => {
  it('rolls back a failed statement block of its own, leaving the connection usable for the app', async () => {
    if (s.ctx.database.jobStore.kind !== 'pglite') return;
    const db = pgliteBossDb(s.ctx.database.jobStore.client);
    await expect(db.executeSql('BEGIN; create schema rollback_check; select 1/0; COMMIT;')).rejects.toThrow(/division by zero/);
    expect((await db.executeSql("select count(*)::int as n from pg_namespace where nspname = 'rollback_check'")).rows).toEqual([{ n: 0 }]);
    await s.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
  });

  it("neither starves nor deadlocks the app's transactions while workers poll and jobs write", async () => {
    const r = await runner([
      testJob(
        'writer',
        async () => {
          await s.ctx.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(42)`);
            await tx.execute(sql`select count(*) from media`);
          });
          return 'written';
        },
        { policy: 'standard' },
      ),
    ]);
    const app = Array.from({ length: 20 }, (_, i) =>
      s.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(42)`);
        await new Promise((done) => setTimeout(done, 5));
        return (await tx.execute(sql`select ${i}::int as i`)) as unknown as { rows: { i: number }[] };
      }),
    );
    const [jobs, answers] = await Promise.all([Promise.all([r.runNow('writer'), r.runNow('writer')]), Promise.all(app)]);
    expect(jobs.map((j) => j.state)).toEqual(['completed', 'completed']);
    expect(answers.map((a) => a.rows[0]!.i)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});

describe('the media sweeps (DESIGN §6)', () => {
  it('deletes uploads never attached after 24 h, and keeps fresh uploads, attached ones and the catalogue', async () => {
    const r = new JobRunner(s.ctx.database, jobContext(), jobDefinitions);
    runners.push(r);
    await r.start({ schedule: false, pollingIntervalSeconds: 0.5 });
    // An upload of a real account: one whose uploader is gone is an orphan at once (the erasure layer's rule).
    const uploader = await signUp(s);
    const [stale, fresh, catalogue] = await Promise.all([
      makeMedia(s, MediaType.RatingPhoto, uploader.id),
      makeMedia(s, MediaType.RatingPhoto, uploader.id),
      makeMedia(s, MediaType.PredefinedStudentAvatar),
    ]);
    await s.ctx.files.put(stale.storageKey, Buffer.from('x'));
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await s.ctx.db
      .update(media)
      .set({ created: dayAgo })
      .where(inArray(media.id, [stale.id, catalogue.id]));
    expect(await r.runNow('unattached-sweep')).toMatchObject({ state: 'completed', output: { rowsWithoutOwner: 1 } });
    const left = await s.ctx.db
      .select({ id: media.id })
      .from(media)
      .where(inArray(media.id, [stale.id, fresh.id, catalogue.id]));
    expect(left.map((m) => m.id).sort()).toEqual([fresh.id, catalogue.id].sort());
    expect(await s.ctx.files.size(stale.storageKey)).toBeNull();
    expect(await r.runNow('orphan-sweep')).toMatchObject({ state: 'completed', output: { rowsWithoutOwner: 0 } });
    expect((await s.ctx.db.select().from(media).where(eq(media.id, fresh.id))).length).toBe(1);
  });
});
