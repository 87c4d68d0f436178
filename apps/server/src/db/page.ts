import { count, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A page of a list and the number of all its rows. */
export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * One page of a list with the count of every row its filter keeps (hydra:totalItems), the two queries run at once:
 * every paginated list of the API answers through here.
 */
export async function page<T>(rows: PromiseLike<T[]>, total: PromiseLike<{ n: number }[]>): Promise<Page<T>> {
  const [r, [t]] = await Promise.all([rows, total]);
  return { rows: r, total: t?.n ?? 0 };
}

/** The count of a list's rows: `select count(*) from table where …`. */
export const countOf = (db: DbOrTx, table: PgTable, where: SQL | undefined) => db.select({ n: count() }).from(table).where(where);

/** `column in (ids)` when the list is filtered by these ids; nothing when it is not. */
export const anyOf = (column: AnyPgColumn, ids: readonly number[] | undefined) => (ids ? inArray(column, [...ids]) : undefined);
