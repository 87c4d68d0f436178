import { emailDigestsService } from '../modules/email-digests/email-digests.service';
import type { JobDefinition } from './job-definition';
import { JOB } from '../lib/job-names';

/**
 * E-mail digests (DESIGN §11): every 15 minutes, each reader whose daily or weekly time has come in their zone (and
 * whose quiet hours are over) gets one. Safe to run again at any point: each user's period is claimed once.
 */
export const emailDigestJob: JobDefinition = {
  name: JOB.emailDigest,
  cron: '*/15 * * * *',
  expireInSeconds: 1800,
  retryLimit: 3,
  retryDelaySeconds: 60,
  async run(ctx, data, now) {
    return emailDigestsService.run(ctx, now);
  },
};
