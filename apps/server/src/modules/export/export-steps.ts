import { REPORT_MAX_DAYS } from '@skillroom/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { betweenUnits } from '../../http/work-pace';
import type { RecordFiles } from './export-record';
import { exportRepository as repo, type RatingScope } from './export.repository';

/** The steps an export's parts share: its range, its ratings page by page, and its record files filled and closed. */

const PAGE = 200;
const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

/** The whole record: from the first class start or rating to today (or the last rating), within a report's longest range. */
export async function fullRange(db: Db, classIds: number[], starts: (string | null)[]) {
  const ids = sql.join(
    classIds.map((i) => sql`${i}`),
    sql`, `,
  );
  const res = await db.execute(
    sql`select to_char(min(date), 'YYYY-MM-DD') first, to_char(max(date), 'YYYY-MM-DD') last
        from rating where teaching_class_id in (${ids})`,
  );
  const row = ((res as unknown as { rows: { first: string | null; last: string | null }[] }).rows ?? [])[0];
  const end = [today(), row?.last ?? ''].sort().pop()!;
  const first = [row?.first, ...starts].filter((d): d is string => Boolean(d) && d! <= end).sort()[0] ?? end;
  const floor = new Date(Date.parse(`${end}T00:00:00Z`) - REPORT_MAX_DAYS * DAY).toISOString().slice(0, 10);
  return { startDate: first < floor ? floor : first, endDate: end };
}

export async function pages(
  db: Db,
  signal: AbortSignal | undefined,
  scope: RatingScope,
  each: (r: Awaited<ReturnType<typeof repo.ratingsPage>>[number]) => Promise<void>,
) {
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const rows = await repo.ratingsPage(db, scope, after, PAGE);
    for (const r of rows) await each(r);
    await betweenUnits(signal);
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { date: last.date, id: last.id };
  }
}

/** Writes a record's files with `fill`, then closes them (answers their sizes); a run that stops closes them too. */
export async function filled(files: RecordFiles, fill: () => Promise<void>) {
  try {
    await fill();
  } catch (e) {
    await files.discard();
    throw e;
  }
  return files.close();
}
