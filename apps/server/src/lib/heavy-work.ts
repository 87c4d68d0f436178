import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { TooManyRequests } from '../http/errors';
import type { RedisLink } from './redis-link';
import { SharedSlots } from './shared-slots';
import { WorkerPool } from './worker-pool';

/** The answers of a refused heavy job (429, with Retry-After). */
export const HEAVY_WORK_MESSAGES = {
  user: 'An import, family letters or export of yours is still running: please wait for it to finish.',
  instance: 'The server is busy with other imports, family letters and exports: please try again in a few seconds.',
} as const;
const RETRY_AFTER_SECONDS = 5;

/** Gives a heavy job's slots back (once; later calls do nothing); awaited where the next take may follow at once. */
export type HeavyRelease = () => Promise<void>;

/**
 * Heavy work of an instance (roster imports, family letters, exports): at most `perUser` jobs at once per user (across
 * instances with Redis, `SharedSlots`), at most `perInstance` on this instance (a counter), else a 429 with
 * Retry-After; and the worker pool their CPU-bound steps run in, so that requests keep being answered meanwhile.
 */
export class HeavyWork {
  readonly pool: WorkerPool;
  private readonly perUser: SharedSlots;
  private running = 0;

  constructor(
    private readonly limits: Config['heavyWork'],
    redis: RedisLink | null,
  ) {
    this.pool = new WorkerPool(limits.workers);
    this.perUser = new SharedSlots('heavy', limits.perUser, redis);
  }

  /** Takes a slot for a job of this user, or throws a 429 (`busy` names what the user is waiting for). */
  async take(userId: number, busy: string = HEAVY_WORK_MESSAGES.user): Promise<HeavyRelease> {
    if (this.running >= this.limits.perInstance) throw new TooManyRequests(HEAVY_WORK_MESSAGES.instance, RETRY_AFTER_SECONDS);
    // Counted before Redis answers, so that requests arriving together cannot all pass the check above.
    this.running++;
    let userSlot;
    try {
      userSlot = await this.perUser.take(userId);
    } catch (e) {
      this.running--;
      throw e;
    }
    if (!userSlot) {
      this.running--;
      throw new TooManyRequests(busy, RETRY_AFTER_SECONDS);
    }
    let given = false;
    return async () => {
      if (given) return;
      given = true;
      this.running--;
      await userSlot();
    };
  }

  /** Runs `work` holding a slot, given back when it ends whatever way (done, failed, or stopped by its signal). */
  async hold<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const release = await this.take(userId);
    try {
      return await work();
    } finally {
      await release();
    }
  }

  /** Jobs held on this instance, and the pool's counters (tests and the bench read them). */
  stats() {
    return { running: this.running, ...this.pool.stats() };
  }

  async close() {
    this.perUser.stop();
    await this.pool.close();
  }
}

/** One per instance, keyed by the HTTP server that every plugin scope of an app shares (tests build several apps). */
const instances = new WeakMap<Server, HeavyWork>();

/** The instance's heavy work, made by the first module that asks for it and closed with the app. */
export function heavyWorkOf(app: FastifyInstance, deps: { config: Config; redis: RedisLink | null }): HeavyWork {
  const known = instances.get(app.server);
  if (known) return known;
  const made = new HeavyWork(deps.config.heavyWork, deps.redis);
  instances.set(app.server, made);
  app.addHook('onClose', () => made.close());
  return made;
}
