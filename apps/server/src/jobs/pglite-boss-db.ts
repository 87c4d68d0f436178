import type { PGlite, Transaction } from '@electric-sql/pglite';

/** What pg-boss asks of a database it does not open itself (`db` in its constructor options). */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

// pg-boss sends some JSON parameters already serialized (a batch of jobs as one string), as node-postgres expects:
// a string goes as it is, anything else is serialized, as node-postgres does.
const json = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const SERIALIZERS = { 114: json, 3802: json };

// pg-boss's maintenance, schema creation and migrations come as one text `BEGIN; …; COMMIT;`.
const WRAPPED = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

/**
 * pg-boss on the embedded database, through the app's one PGlite connection. Every statement goes through PGlite's
 * own queue (`query`, `exec` and `transaction` wait for the transaction in progress), so a poll never runs inside one
 * of the app's transactions, and the app's transactions never run inside pg-boss's. A `BEGIN; …; COMMIT;` text runs
 * as a PGlite transaction: an error rolls it back, instead of leaving the shared connection in a failed transaction
 * that every later query of the app would trip over.
 */
export function pgliteBossDb(client: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      if (values?.length) {
        const params = values.map((v) => (v === undefined ? null : v));
        return client.query(text, params, { serializers: SERIALIZERS });
      }
      const wrapped = WRAPPED.exec(text);
      if (wrapped) {
        return client.transaction(async (tx: Transaction) => last(await tx.exec(wrapped[1]!)));
      }
      return last(await client.exec(text));
    },
  };
}

const last = (results: { rows: unknown[] }[]) => results[results.length - 1] ?? { rows: [] };
