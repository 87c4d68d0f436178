import type PgBoss from 'pg-boss';

/** How long a run holds its job without a sign of life, and how often it gives one. */
export interface Lease {
  seconds: number;
  beatSeconds: number;
}

/** What a run is told about its attempt: pg-boss's metadata, and a signal that aborts it when the lease is lost. */
export interface Attempt {
  id: string;
  retryCount: number;
  retryLimit: number;
  /** What the previous attempt failed with (pg-boss keeps it on the job), or null. */
  output: unknown;
  signal: AbortSignal;
}

/** A first and only try, for a run called directly (tests, the admin command). */
export const directAttempt = (): Attempt => ({
  id: 'direct',
  retryCount: 0,
  retryLimit: 0,
  output: null,
  signal: new AbortController().signal,
});

export type LeasedJob = PgBoss.JobWithMetadata<Record<string, unknown>>;

const BOSS = 'pgboss';

/**
 * pg-boss 10 has no heartbeat (it came with pg-boss 12, which wants Node 22): a job is expired only when
 * `started_on + expire_in` passes, and a transcode may legitimately take an hour. So a leased job keeps
 * `started_on` as its last sign of life: the fetch sets it, and the run moves it to now every `beatSeconds`. The
 * attempt is named by (id, retry_count), since a retried job keeps its id and a fetch counts the retry.
 */
export const BEAT_SQL = `UPDATE ${BOSS}.job SET started_on = now()
  WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3 RETURNING 1`;

/**
 * The watchdog's half: an active job silent for longer than its lease is made expired by pg-boss's own rule
 * (`started_on + expire_in < now()`), so that pg-boss's expiry fails it and retries it with its back-off. One
 * conditional statement: a beat that lands first keeps the job, one that lands after finds it no longer active.
 */
export const STALE_SQL = `UPDATE ${BOSS}.job SET started_on = started_on - expire_in
  WHERE name = $1 AND state = 'active' AND started_on < now() - ($2::float8 * interval '1 second') RETURNING id`;

interface Options {
  concurrency: number;
  pollingIntervalSeconds: number;
  lease: Lease;
  run(job: LeasedJob, attempt: Attempt): Promise<unknown>;
  onError(message: string): void;
}

/**
 * Works one queue whose jobs hold a lease. Unlike `boss.work`, a run that lost its lease (another instance took the
 * job over) reports nothing: completing or failing by id would land on the attempt that took over. A stop aborts the
 * runs in hand and fails their jobs, so that any instance retries them at once instead of after the lease.
 */
export class LeasedWorker {
  private readonly inFlight = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private filling: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly name: string,
    private readonly o: Options,
  ) {}

  start() {
    this.schedule(0);
  }

  /** A job was just sent from here: look at once rather than at the next poll. */
  notify() {
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.filling ??= this.fill()
        .catch((e: unknown) => this.o.onError((e as Error).message))
        .finally(() => {
          this.filling = null;
          this.schedule(this.o.pollingIntervalSeconds * 1000);
        });
    }, ms);
  }

  private async fill() {
    while (!this.stopping && this.inFlight.size < this.o.concurrency) {
      const [job] = (await this.boss.fetch(this.name, { includeMetadata: true })) as LeasedJob[];
      if (!job) return;
      if (this.stopping) {
        await this.boss.fail(this.name, job.id, { message: 'stopping' });
        return;
      }
      this.handle(job);
    }
  }

  private async beat(job: LeasedJob) {
    const { rows } = await this.boss.getDb().executeSql(BEAT_SQL, [this.name, job.id, job.retryCount]);
    return rows.length > 0;
  }

  private handle(job: LeasedJob) {
    const abort = new AbortController();
    const beat = async () => {
      const held = await this.beat(job).catch(() => true); // a failed beat is no proof of loss; the watchdog decides
      if (!held) abort.abort(new Error('lease lost'));
      return held;
    };
    const timer = setInterval(() => void beat(), this.o.lease.beatSeconds * 1000);
    const attempt: Attempt = {
      id: job.id,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      output: job.output ?? null,
      signal: abort.signal,
    };
    const done = (async () => {
      let outcome: { ok: true; value: unknown } | { ok: false; error: Error };
      try {
        outcome = { ok: true, value: await this.o.run(job, attempt) };
      } catch (e) {
        outcome = { ok: false, error: e as Error };
      }
      clearInterval(timer);
      // Report only while the lease is ours: a fresh beat means no watchdog can have taken the job since.
      if (!(await beat())) return;
      if (outcome.ok) await this.boss.complete(this.name, job.id, outcome.value as object);
      else await this.boss.fail(this.name, job.id, { message: outcome.error.message });
    })()
      .catch((e: unknown) => this.o.onError((e as Error).message))
      .finally(() => {
        this.inFlight.delete(job.id);
        this.schedule(0);
      });
    this.inFlight.set(job.id, { abort, done });
  }

  /** Stops fetching, aborts the runs in hand, fails their jobs (retried by any instance) and waits for them. */
  async stop() {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    for (const r of this.inFlight.values()) r.abort.abort(new Error('stopping'));
    await this.filling;
    await Promise.all([...this.inFlight.values()].map((r) => r.done));
  }

  /** Jobs of this queue whose holder has been silent past the lease become expired for pg-boss (any instance). */
  static async markStale(boss: PgBoss, name: string, lease: Lease) {
    const { rows } = await boss.getDb().executeSql(STALE_SQL, [name, lease.seconds]);
    return rows.length;
  }
}
