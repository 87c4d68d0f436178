import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

type Rows<T> = { rows: T[] };

/**
 * One value per table of the app: its row count and the sum of its rows' transaction ids (xmin). A row added,
 * changed or removed by a committed write changes it (a new row or version carries the newest transaction id);
 * a write rolled back leaves no trace. Tables are read from the catalogue, so a table added later is covered.
 */
export async function tableFingerprinter(db: Db) {
  const tables = (
    (await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )) as unknown as Rows<{ table_name: string }>
  ).rows
    .map((r) => r.table_name)
    // The classes' cache versions count writes: they are not data.
    .filter((t) => t !== 'class_version');
  const query = sql.raw(
    tables.map((t) => `select '${t}' as t, count(*)::int as n, coalesce(sum(x.xmin::text::bigint), 0)::text as h from "${t}" x`).join(' union all '),
  );
  return {
    tables,
    async take(): Promise<Record<string, string>> {
      const { rows } = (await db.execute(query)) as unknown as Rows<{ t: string; n: number; h: string }>;
      return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
    },
  };
}

/** The tables whose fingerprint differs, for an assertion message. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) => Object.keys(after).filter((t) => before[t] !== after[t]);
