import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { driverError } from '../db/driver-error';

/*
 * The access log's rows wait here a moment and go to the database together (DESIGN §6): a parent's read then costs
 * no statement of its own, only a place in this buffer, and a flush writes every pending row in one insert.
 *
 * Durability: rows are written within FLUSH_MS of the read (sooner when MAX_BATCH are pending), when the log is listed
 * on this instance, and when the instance closes (SIGTERM, app.close()). A crash of the process (kill -9, power) loses
 * the reads of its last FLUSH_MS at most. A flush the database refuses keeps its rows and tries again at the next
 * tick; only beyond MAX_PENDING rows (the database gone for minutes) are the oldest dropped, and that is logged with
 * their count, never silently.
 */

const FLUSH_MS = 2_000;
/** Rows written in one statement; more pending start a flush at once. */
const MAX_BATCH = 500;
/** Rows kept while the database refuses them. */
const MAX_PENDING = 20_000;

/** One read to record: a `select` of the columns of access_log, and the dedupe keys to give back if it is lost. */
export interface PendingRead {
  select: SQL;
  keys: string[];
}

export interface WriterLog {
  warn(obj: object, msg: string): void;
}

export class AccessLogWriter {
  private pending: PendingRead[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  log: WriterLog | null = null;

  constructor(
    private readonly db: Db,
    /** Dedupe keys of rows that were dropped: the next identical read records again. */
    private readonly forget: (keys: string[]) => void,
  ) {}

  get size() {
    return this.pending.length;
  }

  add(read: PendingRead) {
    this.pending.push(read);
    if (this.closed || this.pending.length >= MAX_BATCH) this.later(0);
    else this.later(FLUSH_MS);
  }

  private later(ms: number) {
    if (this.timer && ms > 0) return;
    if (this.timer) clearTimeout(this.timer);
    // unref: a pending flush never keeps a finished process (a test, a CLI) alive; close() flushes what is left.
    this.timer = setTimeout(() => void this.flush().catch(() => undefined), ms).unref();
  }

  /** Writes every pending row (after the flush already under way); rejects if the database refused them. */
  async flush(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending.length) return;
    const batch = this.pending.splice(0, MAX_BATCH);
    this.running = this.write(batch).finally(() => (this.running = null));
    await this.running;
    if (this.pending.length) await this.flush();
  }

  /** Flushes what is pending and writes later rows at once (the instance is closing). */
  async close() {
    this.closed = true;
    await this.flush().catch(() => undefined);
  }

  private async write(batch: PendingRead[]) {
    try {
      await this.insert(batch);
    } catch (err) {
      // A student or class deleted between a read and its flush: the rows that name it have nobody left to tell.
      if (driverError(err)?.code === '23503') return this.oneByOne(batch);
      this.keep(batch, err);
      throw err;
    }
  }

  private insert(batch: PendingRead[]) {
    return this.db.execute(sql`insert into access_log (user_id, student_id, teaching_class_id, action, detail, address, created)
      ${sql.join(
        batch.map((b) => sql`(${b.select})`),
        sql` union all `,
      )}`);
  }

  private async oneByOne(batch: PendingRead[]) {
    for (let i = 0; i < batch.length; i++) {
      try {
        await this.insert([batch[i]!]);
      } catch (err) {
        if (driverError(err)?.code === '23503') continue;
        this.keep(batch.slice(i), err);
        throw err;
      }
    }
  }

  /** The database refused the rows: they wait for the next tick, within MAX_PENDING. */
  private keep(batch: PendingRead[], err: unknown) {
    this.pending.unshift(...batch);
    const over = this.pending.length - MAX_PENDING;
    if (over > 0) {
      const lost = this.pending.splice(0, over);
      this.forget(lost.flatMap((r) => r.keys));
      this.log?.warn({ lostRows: over }, 'access log rows dropped: the database refused them for too long');
    }
    this.log?.warn({ sqlState: driverError(err)?.code ?? null, pendingRows: this.pending.length }, 'access log flush failed; retrying');
    if (!this.closed) this.later(FLUSH_MS);
  }
}
