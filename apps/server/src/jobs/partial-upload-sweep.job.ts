import { PartialUploads } from '../lib/partial-uploads';
import type { JobDefinition } from './job-runner';

/**
 * Hourly: resumable uploads that made no progress for 24 h are abandoned (DESIGN §7): their bytes leave DATA_DIR.
 * Safe to run again after a partial run: what is gone is simply not found the next time.
 */
export const partialUploadSweepJob: JobDefinition = {
  name: 'partial-upload-sweep',
  cron: '23 * * * *',
  expireInSeconds: 15 * 60,
  retryLimit: 3,
  retryDelaySeconds: 60,
  async run(ctx, _data, now) {
    return new PartialUploads(ctx.config.dataDir).sweep(now);
  },
};
