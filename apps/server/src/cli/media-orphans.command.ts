import { parseArgs } from 'node:util';
import type { Db } from '../db/client';
import type { FileStore } from '../lib/file-store';
import { sweepOrphanMedia } from '../records/erasure';

/** DESIGN §6: uploads never attached are kept this long before the sweep takes them. */
export const UNATTACHED_HOURS = 24;

export const MEDIA_ORPHANS_HELP = `  media:orphans [--delete] [--hours <n>]        list media rows nothing refers to (uploads never attached after
                                                --hours, default ${UNATTACHED_HOURS}) and files no row names; --delete removes them`;

/** `media:orphans [--delete] [--hours n]`: what the orphan sweep finds (and, with --delete, removes). */
export async function mediaOrphansCommand(db: Db, files: FileStore, args: string[], fail: (message: string) => Error): Promise<string> {
  const { values } = parseArgs({ args, options: { delete: { type: 'boolean' }, hours: { type: 'string' } } });
  const hours = values.hours === undefined ? UNATTACHED_HOURS : Number(values.hours);
  if (!/^\d{1,6}$/.test(values.hours ?? '0') || !Number.isSafeInteger(hours)) throw fail('--hours must be a whole number of hours.');
  const report = await sweepOrphanMedia({ db, files }, { delete: values.delete ?? false, unattachedHours: hours });
  const verb = values.delete ? 'Removed' : 'Found';
  return [
    `${verb} ${report.rowsWithoutOwner.length} media row(s) nothing refers to${report.rowsWithoutOwner.length ? ':' : '.'}`,
    ...report.rowsWithoutOwner.map((r) => `  media ${r.id}  ${r.storageKey}`),
    `${verb} ${report.filesWithoutRow.length} file(s) no media row names${report.filesWithoutRow.length ? ':' : '.'}`,
    ...report.filesWithoutRow.map((k) => `  ${k}`),
    ...(values.delete || !(report.rowsWithoutOwner.length + report.filesWithoutRow.length)
      ? []
      : ['Run again with --delete to remove them.']),
  ].join('\n');
}
