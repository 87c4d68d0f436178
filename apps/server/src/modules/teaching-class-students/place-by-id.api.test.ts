import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessLogs } from '../../db/schema';
import { flushAccessLog, resetAccessLogWindow } from '../../records/access-log';
import { dbKind } from '../../../test/harness';
import { addStudent, API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';

/**
 * `GET /teaching-class-students?id=` (issue 36 §16): the web reads one place through it, so a place that is gone answers
 * an empty page rather than a 404 the browser would log; seen by those who may see the place, and logged as its item is.
 */
const t = withClassRoles();
const byId = (u: TestUser | undefined, ids: string) => t.s.api('GET', `${API}/teaching-class-students?${ids}`, { token: u?.token });
const members = async (u: TestUser, ids: string) => {
  const res = await byId(u, ids);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()['hydra:member'] as { id: number }[]).map((m) => m.id);
};

describe(`one place read through the list (${dbKind})`, () => {
  it('answers the place to those who see it, nothing to others, and an empty page once it is gone', async () => {
    const { w } = t;
    for (const u of [w.creator, w.coteacher, w.evaluator, w.linked]) expect(await members(u, `id=${w.first.id}`)).toEqual([w.first.id]);
    expect(await members(w.stranger, `id=${w.first.id}`)).toEqual([]);
    // The linked family sees its own child only, whatever it asks.
    expect(await members(w.linked, `id[]=${w.first.id}&id[]=${w.second.id}`)).toEqual([w.first.id]);
    expect((await byId(undefined, `id=${w.first.id}`)).statusCode).toBe(401);
    for (const bad of ['id=abc', 'id=0', 'id[]=-1']) expect((await byId(w.creator, bad)).statusCode, bad).toBe(400);

    const gone = await addStudent(t.s, w.creator, w.cls.id, { firstName: 'Gone', lastName: 'Soon' });
    await linkUser(t.s, gone, w.linked);
    expect(await members(w.linked, `id=${gone.id}`)).toEqual([gone.id]);
    expect((await t.s.api('DELETE', `${API}/teaching-class-student/${gone.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect(await members(w.creator, `id=${gone.id}`)).toEqual([]);
    expect(await members(w.linked, `id=${gone.id}`)).toEqual([]);
  });

  it("records a linked user's read of the place, as GET /teaching-class-student/{id} does", async () => {
    const { w, s } = t;
    await flushAccessLog(s.ctx.db);
    // Repeated reads within a few minutes are one entry: a fresh window, as after them.
    resetAccessLogWindow();
    const before = (await s.ctx.db.select().from(accessLogs).where(eq(accessLogs.userId, w.linked.id))).length;
    expect(await members(w.linked, `id=${w.first.id}`)).toEqual([w.first.id]);
    await flushAccessLog(s.ctx.db);
    const rows = await s.ctx.db.select().from(accessLogs).where(eq(accessLogs.userId, w.linked.id));
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ action: 'record' });
  });
});
