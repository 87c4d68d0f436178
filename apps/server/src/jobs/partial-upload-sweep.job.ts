import { PartialUploads } from '../lib/partial-uploads';
import type { JobDefinition } from './job-definition';

/**
 * Every ten minutes: resumable uploads without a byte for UPLOADS_IDLE_EXPIRY_MINUTES (an hour by default) have
 * expired (DESIGN §7): their bytes leave DATA_DIR, at most ten minutes late. Until then the routes already treat them
 * as gone (410, not counted in the user's quota), so the cadence only bounds how long the disk holds them.
 * Safe to run again after a partial run: what is gone is simply not found the next time.
 */
export const partialUploadSweepJob: JobDefinition = {
  name: 'partial-upload-sweep',
  cron: '*/10 * * * *',
  expireInSeconds: 5 * 60,
  retryLimit: 3,
  retryDelaySeconds: 60,
  async run(ctx, _data, now) {
    return new PartialUploads(ctx.config.dataDir).sweep(now, ctx.config.uploadQuota.idleMs);
  },
};
