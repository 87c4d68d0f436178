import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { schools, teachingClassStudents } from '../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { databaseRefusal } from './database-errors';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** The error a real statement raises on this database, as the driver and the ORM wrap it. */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('the statement was expected to fail');
    },
    (e: unknown) => e,
  );

describe('database refusals as HTTP answers', () => {
  it('maps a foreign key to nothing to 409', async () => {
    const e = await failure(
      s.ctx.db.insert(teachingClassStudents).values({ teachingClassId: 2_000_000_000, studentId: 2_000_000_000, firstName: 'x', invitationCode: 'ZZZZZZZZ' }),
    );
    expect(databaseRefusal(e)?.statusCode).toBe(409);
  });

  it('maps a broken unique index to 409', async () => {
    await s.ctx.db.insert(schools).values({ name: 'Unique Test' });
    const e = await failure(s.ctx.db.insert(schools).values({ name: 'unique test' }));
    expect(databaseRefusal(e)?.statusCode).toBe(409);
  });

  it.each([
    ['an integer out of range', sql`select ${'3000000000'}::int`],
    ['a date out of range', sql`select ${'0000-01-01'}::date`],
    ['a NUL in text', sql`select ${'{"a":"\\u0000"}'}::jsonb`],
    ['a malformed number', sql`select ${'abc'}::int`],
  ])('maps %s to 400', async (_label, query) => {
    const e = await failure(s.ctx.db.execute(query));
    expect(databaseRefusal(e)?.statusCode).toBe(400);
  });

  it('leaves other errors to the error handler (500 or 503)', async () => {
    expect(databaseRefusal(await failure(s.ctx.db.execute(sql`select * from no_such_table`)))).toBeNull();
    expect(databaseRefusal(new Error('boom'))).toBeNull();
    expect(databaseRefusal(Object.assign(new Error('gone'), { code: 'ECONNRESET' }))).toBeNull();
  });
});
