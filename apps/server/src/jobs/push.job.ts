import { pushService } from '../modules/push/push.service';
import type { JobDefinition } from './job-definition';
import { JOB } from '../lib/job-names';

/**
 * Web Push of one notification (`{ notificationId }`), DESIGN §10. A push service that answers 5xx or cannot be
 * reached is tried again after 5–10 s, then ever later (back-off), six tries in all; the claim on the notification's
 * pushed_at keeps it to one delivery. A recipient's quiet hours (DESIGN §11) hold it until they end.
 */
export const pushJob: JobDefinition = {
  name: JOB.push,
  cron: null,
  policy: 'standard',
  expireInSeconds: 120,
  retryLimit: 5,
  retryDelaySeconds: 5,
  concurrency: 2,
  pollingIntervalSeconds: 5,
  async run(ctx, data, _now, attempt) {
    const id = Number(data.notificationId);
    if (!Number.isSafeInteger(id)) return { skipped: 'no notification id' };
    return pushService.deliver(ctx.db, ctx.push, id, attempt, ctx.send);
  },
};
