import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** How long a request may wait on Redis before it goes on with this instance's own limits. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1000;
const PROBE_MS = 1000;

/** The reason of a failure, without anything from REDIS_URL (its password) beyond what the client's message holds. */
const reasonOf = (err: unknown) =>
  err instanceof Error ? `${(err as NodeJS.ErrnoException).code ?? err.name}: ${err.message}` : String(err);

/**
 * The Redis that shared limits live in (DESIGN §10 "Shared limits"). `up` says whether to use it: while it is away,
 * limits are kept by each instance, so a request never fails and is never unlimited for want of Redis. The outage is
 * logged once when it begins and once when it ends (as `db/outage.ts` does for the database); the client reconnects
 * by itself, and a probe pings it every second until it answers, also after a hang that left the socket open.
 */
export class RedisLink {
  private downSince: number | null = null;
  private probing: NodeJS.Timeout | null = null;
  private closing = false;

  private constructor(
    readonly client: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    // Every failed reconnection is an 'error' event: handled here (one line per outage), never an unhandled one.
    client.on('error', (err: unknown) => this.report(err));
    client.on('close', () => this.report(new Error('connection closed')));
    client.on('ready', () => void this.probe());
  }

  /** Connects (ioredis is loaded only here, so an instance without REDIS_URL never loads it); a Redis away is logged, not thrown. */
  static async open(url: string, keyPrefix: string, log: FastifyBaseLogger): Promise<RedisLink> {
    const { Redis } = await import('ioredis');
    const client = new Redis(url, {
      keyPrefix,
      lazyConnect: true,
      // A command while disconnected fails at once (the request falls back) instead of waiting in a queue.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, PROBE_MS),
    });
    const link = new RedisLink(client, log);
    await client.connect().catch((err: unknown) => link.report(err));
    return link;
  }

  get up() {
    return this.downSince === null && this.client.status === 'ready';
  }

  /** A command or the connection failed: limits are this instance's own until a ping answers again. */
  report(err: unknown) {
    if (this.closing || this.downSince !== null) return;
    this.downSince = Date.now();
    this.log.warn({ reason: reasonOf(err) }, 'Redis unavailable: limits are kept per instance until it is back');
    this.schedule();
  }

  private schedule() {
    if (this.probing || this.closing) return;
    this.probing = setTimeout(() => {
      this.probing = null;
      void this.probe();
    }, PROBE_MS);
    this.probing.unref();
  }

  private async probe() {
    if (this.downSince === null || this.closing) return;
    try {
      await this.client.ping();
    } catch {
      this.schedule();
      return;
    }
    if (this.downSince === null || this.client.status !== 'ready') return;
    this.log.info({ downMs: Date.now() - this.downSince }, 'Redis available again: limits are shared');
    this.downSince = null;
  }

  async close() {
    this.closing = true;
    if (this.probing) clearTimeout(this.probing);
    this.probing = null;
    // quit() would wait on a Redis that is away; the socket is simply dropped.
    this.client.disconnect();
  }
}
