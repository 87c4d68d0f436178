import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, startTestServer, type TestServer } from '../../test/harness';

type Rows<T> = { rows: T[] };

// Deadlocks need two connections; PGlite has one and runs transactions one after the other.
describe.runIf(dbKind === 'postgres')('transactions that PostgreSQL aborts to break a deadlock', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
    await s.ctx.db.execute(sql`create table retry_probe (id integer primary key, n integer not null)`);
    await s.ctx.db.execute(sql`insert into retry_probe values (1, 0), (2, 0)`);
  });
  afterAll(() => s.close());

  it('are run again from the start, so both writers commit once and neither answers a conflict', async () => {
    let arrived = 0;
    let release: () => void = () => {};
    const bothHoldOneRow = new Promise<void>((r) => (release = r));
    const attempts = { first: 0, second: 0 };
    // Each locks one row, waits until the other holds the other row, then asks for it: a deadlock on the first attempt.
    const writer = (name: 'first' | 'second', a: number, b: number) =>
      s.ctx.db.transaction(async (tx) => {
        attempts[name]++;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${a}`);
        if (attempts[name] === 1) {
          if (++arrived === 2) release();
          await bothHoldOneRow;
        }
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${b}`);
      });
    await Promise.all([writer('first', 1, 2), writer('second', 2, 1)]);
    const rows = (await s.ctx.db.execute(sql`select id, n from retry_probe order by id`)) as unknown as Rows<{ id: number; n: number }>;
    expect(rows.rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
    // One of them was aborted by the deadlock detector and ran a second time.
    expect(attempts.first + attempts.second).toBe(3);
  });
});
