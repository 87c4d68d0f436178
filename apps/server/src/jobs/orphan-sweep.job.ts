import { sweepOrphanMedia } from '../records/erasure';
import type { JobDefinition } from './job-definition';

/** An upload not attached to anything after this long is deleted (DESIGN §6). */
export const UNATTACHED_HOURS = 24;

const sweep = (name: string, cron: string): JobDefinition => ({
  name,
  cron,
  expireInSeconds: 15 * 60,
  retryLimit: 3,
  retryDelaySeconds: 60,
  async run(ctx) {
    const report = await sweepOrphanMedia(ctx, { delete: true, unattachedHours: UNATTACHED_HOURS });
    // Counts only: storage keys are not for the log.
    return { rowsWithoutOwner: report.rowsWithoutOwner.length, filesWithoutRow: report.filesWithoutRow.length };
  },
});

/** Daily: media rows nothing refers to, and files in the store without a row. */
export const orphanSweepJob = sweep('orphan-sweep', '17 3 * * *');

/** Hourly: uploads never attached after 24 h (the same sweep; the daily one also reads the whole store). */
export const unattachedSweepJob = sweep('unattached-sweep', '41 * * * *');
