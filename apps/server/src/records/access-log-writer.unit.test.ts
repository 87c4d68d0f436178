import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import { AccessLogWriter } from './access-log-writer';

/** A database whose `execute` fails with the given SQL states, in turn, then succeeds; it counts the rows written. */
function fakeDb(failures: (string | null)[]) {
  const written: number[] = [];
  const execute = vi.fn(async (query: unknown) => {
    const code = failures.shift();
    if (code) throw Object.assign(new Error('refused'), { code });
    // One `(select …)` per row in the statement, joined by `union all`.
    written.push(JSON.stringify(query).split('union all').length);
    return { rows: [] };
  });
  return { db: { execute } as unknown as Db, written, execute };
}

const read = (n: number) => ({ select: sql`select ${n}`, keys: [`k${n}`] });

describe('AccessLogWriter', () => {
  it('writes the rows pending in one statement at the flush, and nothing before', async () => {
    const { db, written, execute } = fakeDb([]);
    const w = new AccessLogWriter(db, () => undefined);
    w.add(read(1));
    w.add(read(2));
    w.add(read(3));
    expect(execute).not.toHaveBeenCalled();
    await w.flush();
    expect(written).toEqual([3]);
    expect(w.size).toBe(0);
  });

  it('keeps the rows the database refused, says so, and writes them at the next flush', async () => {
    const { db, written } = fakeDb(['57P01']);
    const warn = vi.fn();
    const w = new AccessLogWriter(db, () => undefined);
    w.log = { warn };
    w.add(read(1));
    w.add(read(2));
    await expect(w.flush()).rejects.toThrow('refused');
    expect(w.size).toBe(2);
    expect(warn).toHaveBeenCalledWith({ sqlState: '57P01', pendingRows: 2 }, expect.any(String));
    await w.flush();
    expect(written).toEqual([2]);
    expect(w.size).toBe(0);
    await w.close();
  });

  it('writes the rows one by one when one names a student deleted since, dropping only that one', async () => {
    const { db, written } = fakeDb(['23503', null, '23503', null]);
    const w = new AccessLogWriter(db, () => undefined);
    for (const n of [1, 2, 3]) w.add(read(n));
    await w.flush();
    expect(written).toEqual([1, 1]);
  });

  it('writes at once what comes after close', async () => {
    const { db, written } = fakeDb([]);
    const w = new AccessLogWriter(db, () => undefined);
    w.add(read(1));
    await w.close();
    expect(written).toEqual([1]);
    w.add(read(2));
    await vi.waitFor(() => expect(written).toEqual([1, 1]));
  });
});
