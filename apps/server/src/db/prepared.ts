import type { Db, DbOrTx } from './client';

/**
 * Builds a module's prepared statements once per database handle. Named statements let PostgreSQL plan a hot
 * query once per connection instead of on every request: the class list and detail join seven tables, and their
 * planning cost several times their execution (measured by `npm run bench`).
 */
export function preparedPer<T>(build: (db: Db) => T): (db: DbOrTx) => T {
  const cache = new WeakMap<object, T>();
  return (db) => {
    let statements = cache.get(db);
    if (!statements) {
      statements = build(db as Db);
      cache.set(db, statements);
    }
    return statements;
  };
}
