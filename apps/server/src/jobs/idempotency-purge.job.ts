import { idempotencyStore } from '../db/idempotency-store';
import type { JobDefinition } from './job-definition';

/**
 * Hourly: writes' `Idempotency-Key`s and their answers older than 24 h (DESIGN §7). An answer may name a child or
 * hold a note about one (DESIGN §6), so it is kept no longer than a retry needs it; reads ignore expired rows already.
 */
export const idempotencyPurgeJob: JobDefinition = {
  name: 'idempotency-purge',
  cron: '29 * * * *',
  expireInSeconds: 10 * 60,
  retryLimit: 3,
  retryDelaySeconds: 60,
  run: async (ctx, _data, now) => ({ purged: await idempotencyStore.purge(ctx.db, now) }),
};
