import type { JobDefinition } from './job-runner';
import { orphanSweepJob, unattachedSweepJob } from './orphan-sweep.job';
import { partialUploadSweepJob } from './partial-upload-sweep.job';
import { retentionJob } from './retention.job';
import { idempotencyPurgeJob } from './idempotency-purge.job';

/** Every job of the server, with its schedule (DESIGN §10). */
export const jobDefinitions: JobDefinition[] = [
  orphanSweepJob,
  unattachedSweepJob,
  retentionJob,
  idempotencyPurgeJob,
  partialUploadSweepJob,
];
