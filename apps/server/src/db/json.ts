import { getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/*
 * Rows built as JSON by PostgreSQL, for hot reads that embed many related rows (the class list and detail).
 * One JSON value per row costs the server a fraction of what parsing and mapping every column does; the shapes
 * come from the drizzle tables themselves, so they cannot drift from the schema.
 */

/** `json_build_object('fileName', "m"."file_name", …)`: every column of a table under an alias, keyed as drizzle names them. */
export function jsonOf(table: Table, alias: string): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => `'${key}', "${alias}"."${column.name}"`);
  return sql.raw(`json_build_object(${pairs.join(', ')})`);
}

/** What drizzle would have answered for a row that came as JSON: its timestamps become Dates again, in place. */
export function reviverOf<T>(table: Table): (row: T) => T {
  const timestamps = Object.entries(getTableColumns(table))
    .filter(([, column]) => column.columnType === 'PgTimestamp')
    .map(([key]) => key);
  return (row) => {
    if (row) for (const key of timestamps) if ((row as Record<string, unknown>)[key] != null) (row as Record<string, unknown>)[key] = new Date((row as Record<string, string>)[key]!);
    return row;
  };
}
