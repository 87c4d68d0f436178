import type { JobDefinition } from './job-definition';
import { orphanSweepJob, unattachedSweepJob } from './orphan-sweep.job';
import { partialUploadSweepJob } from './partial-upload-sweep.job';
import { retentionJob } from './retention.job';
import { idempotencyPurgeJob } from './idempotency-purge.job';
import { transcodeJob, transcodeSweepJob } from './transcode.job';
import { pushJob } from './push.job';
import { resetMailJob } from './reset-mail.job';
import { emailDigestJob } from './email-digest.job';

/** Every job of the server, with its schedule: sweeps, retention, transcoding, push delivery and mail (DESIGN §10). */
export const jobDefinitions: JobDefinition[] = [
  orphanSweepJob,
  unattachedSweepJob,
  retentionJob,
  idempotencyPurgeJob,
  partialUploadSweepJob,
  transcodeJob,
  transcodeSweepJob,
  pushJob,
  resetMailJob,
  emailDigestJob,
];
