import type { FastifyBaseLogger } from 'fastify';

/**
 * Logs a database outage once when it begins and once when it ends, however many requests fail meanwhile:
 * the first failure starts a probe that pings the database every `probeMs` until it answers again.
 */
export class OutageMonitor {
  private since: number | null = null;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly ping: () => Promise<void>,
    private readonly probeMs = 1000,
  ) {}

  get down() {
    return this.since !== null;
  }

  /** A request or a pooled connection found the database away. */
  report(err: unknown) {
    this.failures++;
    if (this.since !== null) return;
    this.since = Date.now();
    this.failures = 1;
    this.log.error({ err }, 'database unavailable: answering 503 until it is back');
    this.schedule();
  }

  private schedule() {
    this.timer = setTimeout(() => void this.probe(), this.probeMs);
    this.timer.unref();
  }

  private async probe() {
    try {
      await this.ping();
    } catch {
      if (this.since !== null) this.schedule();
      return;
    }
    if (this.since === null) return;
    this.log.info({ downMs: Date.now() - this.since, failures: this.failures }, 'database available again');
    this.since = null;
    this.timer = null;
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
