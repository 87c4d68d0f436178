import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, MediaType, type AccessLog, type HydraCollection, type Rating } from '@skillroom/contract';
import { accessLogs, users } from '../../db/schema';
import { flushAccessLog, resetAccessLogWindow } from '../../records/access-log';
import { signUp, startPeer, startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles, createClass, linkUser, type TestUser } from '../../../test/classes';
import { fetchBare, jpegWithGps, upload } from '../../../test/media';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

/* DESIGN §6 "Access log": who read which student's record, what, when and from where; read by the class creator. */

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let studentId: number;
let rating: Rating;
let photo: number;
let admin: TestUser;

const get = (u: TestUser, url: string) => s.api('GET', `${API}${url}`, { token: u.token });
const rowsOf = (u: TestUser) => s.ctx.db.select().from(accessLogs).where(eq(accessLogs.userId, u.id)).orderBy(accessLogs.id);
/** The rows once this instance's buffer is written (reads are recorded within 2 s, not by the read itself). */
const logsOf = async (u: TestUser) => (await flushAccessLog(s.ctx.db), rowsOf(u));
const list = async (u: TestUser, query: string) => {
  const res = await get(u, `/access-logs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HydraCollection<AccessLog>;
};

beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  studentId = Number(w.first.student.split('/').pop());
  const action = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
  photo = (
    await upload(s, w.creator.token, MediaType.RatingPhoto, { filename: 'p.jpg', type: 'image/jpeg', content: await jpegWithGps() })
  ).json().id;
  rating = await rate(s, w.creator, w.cls.id, action, { students: [w.first.id], medias: [`${API}/media/${photo}`] });
  admin = await signUp(s);
  await s.ctx.db
    .update(users)
    .set({ roles: ['ROLE_USER', 'ROLE_SUPER_ADMIN'] })
    .where(eq(users.id, admin.id));
  const login = await s.api('POST', '/api/public/v1/login_check', { body: { username: admin.username, password: admin.password } });
  admin = { ...admin, token: login.json().token };
});
afterAll(() => s.close());

describe('recording reads', () => {
  it("records a linked user's reads of the place, the student, a rating, a feed about them, a photo and a report", async () => {
    resetAccessLogWindow();
    const p = w.linked;
    expect((await get(p, `/teaching-class-student/${w.first.id}`)).statusCode).toBe(200);
    expect((await get(p, `/student/${studentId}`)).statusCode).toBe(200);
    expect((await get(p, `/rating/${rating.id}`)).statusCode).toBe(200);
    expect((await get(p, `/ratings?ratingStudents.student.id=${studentId}`)).statusCode).toBe(200);
    expect((await fetchBare(s, `/media/${photo}`, { authorization: `Bearer ${p.token}` })).statusCode).toBe(200);
    expect((await get(p, `/report/student/${studentId}?startDate=2026-01-01&endDate=2026-12-31`)).statusCode).toBe(200);
    expect(
      (await get(p, `/report/spreadsheet/student/${studentId}?teachingClassId=${w.cls.id}&startDate=2026-01-01&endDate=2026-12-31`))
        .statusCode,
    ).toBe(200);
    const rows = (await logsOf(p)).map((r) => [r.action, r.detail, r.teachingClassId, r.studentId, r.address]);
    expect(rows).toEqual([
      ['record', 'student', w.cls.id, studentId, '127.0.0.1'],
      ['record', 'student', w.cls.id, studentId, '127.0.0.1'],
      ['record', `rating/${rating.id}`, w.cls.id, studentId, '127.0.0.1'],
      ['record', 'ratings', w.cls.id, studentId, '127.0.0.1'],
      ['media', `media/${photo}`, w.cls.id, studentId, '127.0.0.1'],
      ['report', '2026-01-01/2026-12-31', null, studentId, '127.0.0.1'],
      ['report_spreadsheet', '2026-01-01/2026-12-31', w.cls.id, studentId, '127.0.0.1'],
    ]);
  });

  it('writes one row for the same read repeated within a minute', async () => {
    resetAccessLogWindow();
    const before = (await logsOf(w.linked)).length;
    for (let i = 0; i < 5; i++) expect((await get(w.linked, `/rating/${rating.id}`)).statusCode).toBe(200);
    expect((await logsOf(w.linked)).length).toBe(before + 1);
  });

  it('writes the rows at the flush, not with the read, dated when they were read, and in one row per minute', async () => {
    resetAccessLogWindow();
    const reader = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, reader);
    const before = Date.now();
    for (let i = 0; i < 3; i++) expect((await get(reader, `/teaching-class-student/${w.first.id}`)).statusCode).toBe(200);
    expect((await get(reader, `/rating/${rating.id}`)).statusCode).toBe(200);
    expect(await rowsOf(reader)).toEqual([]);
    await new Promise((r) => setTimeout(r, 50));
    const rows = await logsOf(reader);
    expect(rows.map((r) => r.detail)).toEqual(['student', `rating/${rating.id}`]);
    for (const r of rows) expect(r.created.getTime()).toBeGreaterThanOrEqual(before - 1000);
    for (const r of rows) expect(r.created.getTime()).toBeLessThan(Date.now() - 40);
    // The same reads again within the minute: nothing more to write.
    await get(reader, `/teaching-class-student/${w.first.id}`);
    expect(await logsOf(reader)).toHaveLength(2);
  });

  it('writes the buffer by itself within a few seconds', { timeout: 15_000 }, async () => {
    resetAccessLogWindow();
    expect((await get(w.linked, `/rating/${rating.id}`)).statusCode).toBe(200);
    const before = (await logsOf(w.linked)).length;
    expect((await get(w.linked, `/teaching-class-student/${w.first.id}`)).statusCode).toBe(200);
    for (let i = 0; i < 40 && (await rowsOf(w.linked)).length === before; i++) await new Promise((r) => setTimeout(r, 200));
    expect((await rowsOf(w.linked)).length).toBe(before + 1);
  });

  it('lists the reads this instance still holds (the list flushes first)', async () => {
    resetAccessLogWindow();
    const reader = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, reader);
    expect((await get(reader, `/teaching-class-student/${w.first.id}`)).statusCode).toBe(200);
    const page = await list(w.creator, `?teachingClass.id=${w.cls.id}&itemsPerPage=100`);
    expect(page['hydra:member'].some((m) => m.user?.id === reader.id)).toBe(true);
  });

  it('writes what an instance holds when it closes', async () => {
    if (!s.databaseUrl) return expect(s.ctx.database.kind).toBe('pglite');
    const peer = await startPeer(s);
    const reader = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, reader);
    const res = await peer.app.inject({
      method: 'GET',
      url: `${API}/teaching-class-student/${w.first.id}`,
      headers: { authorization: `Bearer ${reader.token}`, accept: 'application/ld+json' },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf(reader)).toEqual([]);
    await peer.close();
    expect((await rowsOf(reader)).map((r) => [r.action, r.detail, r.studentId])).toEqual([['record', 'student', studentId]]);
  });

  it("records an evaluator's reads, not the class teachers' own, and nothing for a refused read", async () => {
    resetAccessLogWindow();
    for (const u of [w.evaluator, w.creator, w.coteacher, w.stranger]) {
      await get(u, `/teaching-class-student/${w.first.id}`);
      await get(u, `/rating/${rating.id}`);
      await fetchBare(s, `/media/${photo}`, { authorization: `Bearer ${u.token}` });
    }
    expect((await logsOf(w.evaluator)).map((r) => r.action)).toEqual(['record', 'record', 'media']);
    for (const u of [w.creator, w.coteacher, w.stranger]) expect(await logsOf(u)).toEqual([]);
  });
});

describe('GET /access-logs', () => {
  it("lists the reads of the class creator's students, newest first, naming who, which student and class", async () => {
    const page = await list(w.creator, `?teachingClass.id=${w.cls.id}&student.id=${studentId}`);
    expect(page['hydra:totalItems']).toBeGreaterThanOrEqual(10);
    const parentRead = page['hydra:member'].find((m) => m.action === 'media' && m.user?.id === w.linked.id);
    expect(parentRead).toMatchObject({
      '@type': 'AccessLog',
      user: { id: w.linked.id, firstName: w.linked.user.firstName, lastName: w.linked.user.lastName },
      student: { id: studentId, firstName: 'Amara', lastName: 'Okafor' },
      teachingClass: { id: w.cls.id, name: w.cls.name },
      detail: `media/${photo}`,
      address: '127.0.0.1',
    });
    const created = page['hydra:member'].map((m) => m.created);
    expect([...created].sort().reverse()).toEqual(created);
    // The cross-class report (no class) is listed with the class's students.
    expect(page['hydra:member'].some((m) => m.action === 'report' && m.teachingClass === null)).toBe(true);
    // Both spellings, and pages.
    const snake = await list(w.creator, `?teaching_class.id=${w.cls.id}&student.id[]=${studentId}&itemsPerPage=2&page=2`);
    expect(snake['hydra:totalItems']).toBe(page['hydra:totalItems']);
    expect(snake['hydra:member'].map((m) => m.id)).toEqual(page['hydra:member'].slice(2, 4).map((m) => m.id));
    expect((await list(w.creator, `?student.id=${Number(w.second.student.split('/').pop())}`))['hydra:totalItems']).toBe(0);
    expect((await list(w.creator, ''))['hydra:totalItems']).toBe(page['hydra:totalItems']);
  });

  it('refuses everyone but the creator (403 if they see the class, 404 if not) and answers platform admins all', async () => {
    for (const u of [w.coteacher, w.evaluator]) {
      const res = await get(u, `/access-logs?teachingClass.id=${w.cls.id}`);
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(ACCESS_MESSAGES.accessLogCreator);
    }
    for (const u of [w.linked, w.stranger]) expect((await get(u, `/access-logs?teachingClass.id=${w.cls.id}`)).statusCode).toBe(404);
    for (const u of [w.coteacher, w.linked, w.stranger]) expect((await get(u, '/access-logs')).statusCode).toBe(403);
    expect((await get(w.creator, '/access-logs?teachingClass.id=999999')).statusCode).toBe(404);
    const all = await list(admin, '');
    expect(all['hydra:totalItems']).toBe((await s.ctx.db.select().from(accessLogs)).length);
    expect((await s.api('GET', `${API}/access-logs`)).statusCode).toBe(401);
    for (const q of ['?teachingClass.id=abc', '?unknown=1', '?student.id=0'])
      expect((await get(w.creator, `/access-logs${q}`)).statusCode).toBe(400);
  });

  it("keeps the rows of another creator's class out, and shows a deleted reader as a former member (user null)", async () => {
    const other = await createClass(s, w.stranger, { name: 'Elsewhere' });
    expect((await get(w.creator, `/access-logs?teachingClass.id=${other.id}`)).statusCode).toBe(404);
    expect((await list(w.stranger, ''))['hydra:totalItems']).toBe(0);
    const reader = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, reader);
    resetAccessLogWindow();
    expect((await get(reader, `/teaching-class-student/${w.first.id}`)).statusCode).toBe(200);
    const [row] = await logsOf(reader);
    await s.ctx.db.delete(users).where(eq(users.id, reader.id));
    const page = await list(w.creator, `?teachingClass.id=${w.cls.id}`);
    expect(page['hydra:member'].find((m) => m.id === row!.id)).toMatchObject({ user: null, action: 'record' });
    expect(
      await s.ctx.db
        .select()
        .from(accessLogs)
        .where(and(eq(accessLogs.id, row!.id))),
    ).toHaveLength(1);
  });
});
