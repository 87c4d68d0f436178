import { parseArgs } from 'node:util';
import type { Db } from '../db/client';
import { RETENTION_GRACE_DAYS_UNFINISHED, RETENTION_NOTICE_DAYS, retention } from '../records/retention';

export const RETENTION_HELP = `  retention [--within <days>]                   list the classes whose records retention deletes within that many
                                                days (default 90) or sooner: class, teachers, due date, the day
                                                it is deleted, and when its teachers were told (RETENTION_DAYS)`;

/** The rows as an aligned text table. */
export type Table = (rows: Record<string, unknown>[]) => string;

/** `retention`: what the daily retention job will notify and delete, and when (DESIGN §6). */
export async function retentionCommand(
  db: Db,
  args: string[],
  opts: { retentionDays: number; now: Date },
  table: Table,
  fail: (m: string) => Error,
) {
  const { values } = parseArgs({ args, options: { within: { type: 'string' } } });
  const within = values.within === undefined ? 90 : Number(values.within);
  if (!/^\d{1,5}$/.test(values.within ?? '90') || within > 36_500) throw fail('--within must be a number of days (0 to 36500).');
  if (opts.retentionDays <= 0) return 'RETENTION_DAYS is 0: records are kept forever, nothing is due.';
  const rows = await retention.upcoming(db, opts.retentionDays, opts.now, within);
  const rule =
    `Records are deleted ${opts.retentionDays} days after a class is finished (${RETENTION_GRACE_DAYS_UNFINISHED} more days after its end date ` +
    `when it never was); its teachers are told ${RETENTION_NOTICE_DAYS} days before.`;
  const list = table(
    rows.map((r) => ({
      id: r.id,
      class: r.name,
      teachers: r.teachers.join(', '),
      due: r.due,
      deleted_on: r.eraseOn,
      notified: r.noticeAt ? r.noticeAt.toISOString().slice(0, 10) : 'no',
    })),
  );
  return `${rule}\nDue within ${within} days or sooner:\n${list}`;
}
