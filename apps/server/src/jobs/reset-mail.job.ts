import { sendResetMail } from '../modules/auth/reset-mail';
import type { JobDefinition } from './job-definition';
import { JOB } from '../lib/job-names';

/**
 * A password reset mail (`{ userId }`), DESIGN §10: the job makes the token, so only the user's id is queued. An SMTP
 * server that fails or cannot be reached is tried again after 10–20 s, then ever later, five tries in all.
 */
export const resetMailJob: JobDefinition = {
  name: JOB.resetMail,
  cron: null,
  policy: 'standard',
  expireInSeconds: 120,
  retryLimit: 4,
  retryDelaySeconds: 10,
  pollingIntervalSeconds: 5,
  async run(ctx, data) {
    const userId = Number(data.userId);
    if (!Number.isSafeInteger(userId)) return { sent: false };
    return sendResetMail({ db: ctx.db, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl }, userId);
  },
};
