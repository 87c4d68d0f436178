import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { JobContext, JobDefinition, RunContext } from './job-definition';
import type { SendOptions } from '../lib/job-names';
import { LeasedWorker, type Attempt, type Lease, type LeasedJob } from './leased-worker';
import { registerQueues } from './job-queues';
import { pgliteBossDb } from './pglite-boss-db';

type Tunable = Pick<JobDefinition, 'lease' | 'retryLimit' | 'retryDelaySeconds' | 'pollingIntervalSeconds' | 'concurrency'>;

export interface JobRunnerOptions {
  /** How often an idle worker looks for a job; a job sent by this instance wakes its worker at once. */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are looked for (the take-over of a dead instance's job). */
  maintenanceIntervalSeconds?: number;
  /** How often every instance looks for leased jobs whose holder went silent (5 s). */
  watchdogSeconds?: number;
  /** Per queue, shorter timings than the definitions' (tests). */
  tune?: Record<string, Partial<Tunable>>;
}

const FINAL_STATES = new Set(['completed', 'failed', 'cancelled']);

const attemptOf = (job: LeasedJob) => ({
  id: job.id,
  retryCount: job.retryCount,
  retryLimit: job.retryLimit,
  output: job.output ?? null,
});

export interface JobOutcome {
  id: string;
  state: 'completed' | 'failed' | 'cancelled';
  output: unknown;
  retryCount: number;
}

/**
 * The job queue (pg-boss, DESIGN §10): its tables live in the `pgboss` schema of the app's database, embedded or
 * server. Each definition gets a queue with its retries and expiry, registered again at every start (queues and
 * cron schedules are upserts, so several instances starting together agree). Every instance works every queue; a
 * job is handed to one worker at a time (`FOR UPDATE SKIP LOCKED`), and a queue's policy `singleton` keeps a second
 * run of the same job from starting while one is active.
 */
export class JobRunner {
  private boss: PgBoss | null = null;
  private readonly workers = new Map<string, string>();
  private readonly leased = new Map<string, LeasedWorker>();
  private readonly definitions: Map<string, JobDefinition>;
  private readonly ctx: RunContext;
  private watchdog: NodeJS.Timeout | null = null;
  /** Jobs sent before the queue started (a request answered between `listen` and the start): sent by `start`. */
  private deferred: { name: string; data: Record<string, unknown>; o: SendOptions }[] = [];
  private stopped = false;
  /** When `pause` was called (the instance began to stop), or null. */
  private pausedAt: number | null = null;

  constructor(
    private readonly database: Pick<Database, 'jobStore'>,
    ctx: JobContext,
    definitions: JobDefinition[],
  ) {
    this.definitions = new Map(definitions.map((d) => [d.name, d]));
    this.ctx = { ...ctx, send: (name, data, o) => this.send(name, data, o) };
  }

  get started() {
    return this.boss !== null;
  }

  /** Opens the queue (its schema is created on first use), registers queues and schedules, and starts the workers. */
  async start(opts: JobRunnerOptions & { schedule?: boolean; work?: boolean } = {}) {
    if (this.boss) return;
    const store = this.database.jobStore;
    const boss = new PgBoss({
      ...(store.kind === 'pglite'
        ? { db: pgliteBossDb(store.client) }
        : { connectionString: store.url, max: 3, application_name: 'skillroom-jobs' }),
      schedule: opts.schedule ?? true,
      maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 60,
      // The queue's own housekeeping state, not the app's: nothing personal is kept in job data.
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
    });
    // Messages only: a driver error's detail may quote a row.
    boss.on('error', (err: Error & { queue?: string }) =>
      this.ctx.log.error({ queue: err.queue, message: err.message }, 'job queue error'),
    );
    const defs = [...this.definitions.values()].map((d) => ({ ...d, ...opts.tune?.[d.name] }));
    await boss.start();
    try {
      await registerQueues(boss, defs, opts.schedule ?? true);
      if (opts.work ?? true) await this.startWorkers(boss, defs, opts);
    } catch (e) {
      await boss.stop({ graceful: false }).catch(() => {});
      throw e;
    }
    this.boss = boss;
    const waiting = this.deferred;
    this.deferred = [];
    for (const j of waiting) await this.send(j.name, j.data, j.o);
  }

  private async startWorkers(boss: PgBoss, defs: JobDefinition[], opts: JobRunnerOptions) {
    const leases: [string, Lease][] = [];
    for (const d of defs) {
      const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? d.pollingIntervalSeconds ?? 10;
      if (d.lease) {
        const worker = new LeasedWorker(boss, d.name, {
          concurrency: d.concurrency ?? 1,
          pollingIntervalSeconds,
          lease: d.lease,
          run: (job, attempt) => this.execute(d, job, attempt),
          onError: (message) => this.ctx.log.error({ queue: d.name, message }, 'job queue error'),
        });
        worker.start();
        this.leased.set(d.name, worker);
        leases.push([d.name, d.lease]);
        continue;
      }
      const never = new AbortController().signal;
      for (let i = 0; i < (d.concurrency ?? 1); i++) {
        const id = await boss.work(d.name, { pollingIntervalSeconds, includeMetadata: true }, ([job]) =>
          this.execute(d, job as LeasedJob, { ...attemptOf(job as LeasedJob), signal: never }),
        );
        if (i === 0) this.workers.set(d.name, id);
      }
    }
    if (leases.length) {
      // Every instance watches: the one that finds a silent holder hands the job to pg-boss's expiry and retry.
      const watch = async () => {
        let stale = 0;
        for (const [name, lease] of leases) stale += await LeasedWorker.markStale(boss, name, lease);
        if (stale) await boss.expire();
      };
      this.watchdog = setInterval(
        () => void watch().catch((e: unknown) => this.ctx.log.error({ message: (e as Error).message }, 'job watchdog failed')),
        (opts.watchdogSeconds ?? 5) * 1000,
      );
    }
  }

  private async execute(d: JobDefinition, job: LeasedJob, attempt: Attempt) {
    const data = job.data ?? {};
    const now = typeof data.now === 'string' && !Number.isNaN(Date.parse(data.now)) ? new Date(data.now) : new Date();
    const started = performance.now();
    try {
      const output = await d.run(this.ctx, data, now, attempt);
      this.ctx.log.info({ job: d.name, ms: Math.round(performance.now() - started), output }, 'job done');
      return output;
    } catch (e) {
      // pg-boss keeps the error for the retry; the log says which job failed, without the data it was about.
      this.ctx.log.error({ job: d.name, message: (e as Error).message }, 'job failed');
      throw e;
    }
  }

  /**
   * Takes no new job from here on (the instance has begun to stop); `send` still queues, for requests answered while
   * the server drains. Jobs in hand run on, long runs are aborted and failed (retried by any instance), and `stop`
   * gives the jobs in hand what is left of its time counted from here: the whole stop stays within main.ts's bound.
   */
  async pause() {
    const boss = this.boss;
    if (!boss || this.pausedAt !== null) return;
    this.pausedAt = Date.now();
    for (const name of this.workers.keys()) await boss.offWork(name);
    await Promise.all([...this.leased.values()].map((w) => w.stop()));
  }

  /** Lets workers finish the job in hand (up to `timeoutMs`), fails what is still running (it is retried), and stops. */
  async stop(timeoutMs = 10_000) {
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    this.stopped = true;
    this.workers.clear();
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    // Long runs are not waited for: aborted and failed, another instance (or the next start) takes them at once.
    await Promise.all([...this.leased.values()].map((w) => w.stop()));
    this.leased.clear();
    // pg-boss waits at least 1 s; after a pause, the jobs in hand have had part of their time already.
    const left = this.pausedAt === null ? timeoutMs : Math.max(1_000, timeoutMs - (Date.now() - this.pausedAt));
    await boss.stop({ graceful: true, timeout: left, wait: true });
  }

  private running() {
    if (!this.boss) throw new Error('The job queue is not started.');
    return this.boss;
  }

  /**
   * Queues a run of a job (data may carry `now`; ids only, never personal data: the job table is not the app's).
   * Answers its id; null when one is already waiting, or when the queue is not started yet (it is sent at the start).
   * `id` makes the send idempotent: a job with that id already in the queue is not added again.
   */
  async send(name: string, data: Record<string, unknown> = {}, o: SendOptions = {}) {
    if (!this.definitions.has(name)) throw new Error(`Unknown job "${name}".`);
    const boss = this.boss;
    if (!boss) {
      if (this.stopped) throw new Error('The job queue is not started.');
      this.deferred.push({ name, data, o });
      return null;
    }
    const id = await boss.send(name, data, { ...(o.id ? { id: o.id } : {}), ...(o.startAfter ? { startAfter: o.startAfter } : {}) });
    const worker = this.workers.get(name);
    if (worker) boss.notifyWorker(worker);
    this.leased.get(name)?.notify();
    return id;
  }

  /** Where a job is: its state, output and the number of retries so far. */
  async get(name: string, id: string) {
    return this.running().getJobById(name, id, { includeArchive: true });
  }

  /** Waits for a job to end (completed, or failed after its retries) and answers how it ended. */
  async waitFor(name: string, id: string, pollMs = 25): Promise<JobOutcome> {
    for (;;) {
      const job = await this.get(name, id);
      if (job && FINAL_STATES.has(job.state))
        return { id, state: job.state as JobOutcome['state'], output: job.output, retryCount: job.retryCount };
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  /** Waits until a queue has nothing waiting or running (tests). */
  async drain(name: string, pollMs = 50) {
    while ((await this.running().getQueueSize(name, { before: 'completed' })) > 0) await new Promise((r) => setTimeout(r, pollMs));
  }

  /** Runs a job now on this instance's workers and waits for its end (tests, the admin command). */
  async runNow(name: string, data: Record<string, unknown> = {}) {
    const id = await this.send(name, data);
    if (!id) throw new Error(`A run of "${name}" is already waiting.`);
    return this.waitFor(name, id);
  }

  /** Takes over jobs whose run outlived their expiry (what maintenance does every minute), now. */
  async expireNow() {
    await this.running().expire();
  }

  /** The raw queue, for tests that play a dead worker. */
  get queue() {
    return this.running();
  }
}
