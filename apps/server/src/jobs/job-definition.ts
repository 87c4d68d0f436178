import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { FileStore } from '../lib/file-store';
import type { Mailer } from '../lib/mailer';
import type { PushSender } from '../modules/push/push-sender';
import type { SendOptions } from '../lib/job-names';
import type { Attempt, Lease } from './leased-worker';

/** What a job is run with: the server's own parts, and the moment it runs at (tests choose it). */
export interface JobContext {
  db: Db;
  files: FileStore;
  config: Config;
  log: FastifyBaseLogger;
  mailer: Mailer;
  push: PushSender;
}

/** A run's context, with the queue itself to send follow-up jobs (a sweep queues the work it finds). */
export type RunContext = JobContext & {
  send(name: string, data?: Record<string, unknown>, o?: SendOptions): Promise<unknown>;
};

export interface JobDefinition {
  /** The queue's name (letters, digits, dashes). */
  name: string;
  /** When it runs by itself: a cron expression in UTC; null for a queue that only runs what it is sent. */
  cron: string | null;
  /**
   * How long a run may hold the job. After that, the run counts as failed (its instance died or hangs) and another
   * instance takes the job over, so a job must be safe to run again after a partial run.
   */
  expireInSeconds: number;
  /**
   * `singleton` (the default) lets one run of the job be active at a time across instances; `standard` hands out
   * several at once (each still to one worker only).
   */
  policy?: 'singleton' | 'standard';
  /** Runs after a failure, each later than the one before (back-off from `retryDelaySeconds`). */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * A job that may run for long holds a lease instead of trusting its expiry alone: its run gives a sign of life every
   * `beatSeconds`, and one silent for `seconds` is taken over by any instance (`leased-worker.ts`).
   */
  lease?: Lease;
  /** Runs of this queue at once on one instance (1 unless said). */
  concurrency?: number;
  /** How often an idle worker of this queue looks for a job, when it should be sooner than the runner's default. */
  pollingIntervalSeconds?: number;
  /**
   * `now` is the moment the job acts for; data may name another one (tests), else it is the current time. `attempt`
   * says which try this is, what the previous one failed with, and (leased jobs) aborts when the lease is lost.
   */
  run(ctx: RunContext, data: Record<string, unknown>, now: Date, attempt: Attempt): Promise<unknown>;
}
