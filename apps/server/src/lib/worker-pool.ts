import path from 'node:path';
import type { Piscina } from 'piscina';
import { checkAborted, WorkAborted } from '../http/request-signal';
import { outcomeValue, type WorkOutcome } from './worker-pool-outcome';

// The built server is one folder of files (scripts/server-build.mjs: dist/main.js, dist/heavy.worker.js and their
// chunks); from sources (tsx in development, vitest in the API tests) this file is src/lib/worker-pool.ts and the
// worker's entry loads its sources through tsx.
const fromSources = import.meta.filename.endsWith('.ts');
const workerFile = fromSources
  ? path.join(import.meta.dirname, '..', 'heavy.worker.dev.mjs')
  : path.join(import.meta.dirname, 'heavy.worker.js');

/** A worker thread's heap: far above what its work needs (a 2 MB roster, 1,000 letters), so a fault cannot take all. */
const WORKER_HEAP_MB = 512;

/**
 * The instance's pool of worker threads for heavy work: CPU-bound steps run there, so the request thread stays free
 * for everyone else. Made on first use (an instance that never imports starts no thread); threads end when idle.
 */
export class WorkerPool {
  private pool: Piscina | null = null;
  private closed = false;

  constructor(private readonly threads: number) {}

  private async get(): Promise<Piscina> {
    if (this.pool) return this.pool;
    const { Piscina } = await import('piscina');
    // Made again if another call made it meanwhile (both awaited the import): the first one stays.
    this.pool ??= new Piscina({
      filename: workerFile,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 30_000,
      // Nothing of the server's own flags (an inspector port, --watch, a loader).
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      // Below the request thread's priority where the OS allows it: heavy work yields the CPU to answers.
      niceIncrement: 10,
    });
    return this.pool;
  }

  /**
   * Runs a task in a worker thread (the modules name and type theirs in `modules/heavy-tasks.ts`). An aborted signal
   * (the client went away, the instance stops) ends the task at once, its thread with it, and throws `WorkAborted`
   * (a 503 nobody reads).
   */
  async run<O>(name: string, task: unknown, signal: AbortSignal): Promise<O> {
    checkAborted(signal);
    if (this.closed) throw new WorkAborted('stopping');
    const pool = await this.get();
    let out: unknown;
    try {
      out = await pool.run(task, { name, signal });
    } catch (e) {
      checkAborted(signal);
      throw e;
    }
    return (isOutcome(out) ? outcomeValue(out) : out) as O;
  }

  /** What has run and what runs (the abort tests read it). */
  stats() {
    return { completed: this.pool?.completed ?? 0, threads: this.pool?.threads.length ?? 0, queued: this.pool?.queueSize ?? 0 };
  }

  async close() {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}

const isOutcome = (o: unknown): o is WorkOutcome<unknown> => typeof o === 'object' && o !== null && 'ok' in o && !ArrayBuffer.isView(o);
