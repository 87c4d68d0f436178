import pg from 'pg';
import type { TestServer } from './harness';

type Method = (...a: unknown[]) => unknown;

/**
 * Counts the database round trips made while `work` runs (every statement, BEGIN and COMMIT included): on PostgreSQL
 * each query a pooled client sends, on PGlite each query or exec it runs. The files using it start no jobs, so
 * nothing else talks to the database meanwhile.
 */
export async function countRoundTrips<T>(s: TestServer, work: () => Promise<T>): Promise<{ result: T; trips: number }> {
  const store = s.ctx.database.jobStore;
  const [target, name] =
    store.kind === 'pglite'
      ? [store.client as unknown as Record<string, Method>, '_runExclusiveQuery']
      : [pg.Client.prototype as unknown as Record<string, Method>, 'query'];
  const original = target[name]!;
  let trips = 0;
  target[name] = function (this: unknown, ...a: unknown[]) {
    trips++;
    return original.apply(this, a);
  };
  try {
    return { result: await work(), trips };
  } finally {
    target[name] = original;
  }
}
