import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ClassCoverage, ClassGrowth, Report, StudentGrowth } from '@skillroom/contract';
import { studentProfileUsers, users } from '../../db/schema';
import { API, addCoTeacher, addStudent, createClass, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { signUp } from '../../../test/harness';
import { rate } from '../../../test/ratings';

const t = withClassRoles({}, { skills: true });
const call = (method: string, path: string, u: TestUser | null, body?: unknown) =>
  t.s.api(method as 'GET', `${API}${path}`, { token: u?.token, body });
const idOf = (iri: string) => Number(iri.split('/').pop());
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

const w = () => t.w;
let other: TestUser;
let removed: TestUser;
let skill: { id: number; '@id': string };
let action: number;

beforeAll(async () => {
  other = await signUp(t.s, { accountTypeRadio: 'parent_user' });
  await linkUser(t.s, w().second, other);
  removed = await signUp(t.s, { accountTypeRadio: 'parent_user' });
  await linkUser(t.s, w().first, removed);
  await t.s.ctx.db.delete(studentProfileUsers).where(eq(studentProfileUsers.userId, removed.id));
  skill = (await call('POST', '/learning-skill', w().creator, { name: 'Growing', teachingClass: w().cls['@id'] })).json();
  action = (await call('POST', '/learning-action', w().creator, { learningSkill: skill.id, name: 'Grows' })).json().id;
  // The first student's own ratings, oldest first: points 1, 2 | 2, 4 | 5, 5 (September | October | November).
  const own: [string, number][] = [
    ['2026-09-10', 1],
    ['2026-09-20', 2],
    ['2026-10-05', 2],
    ['2026-10-15', 4],
    ['2026-11-01', 5],
    ['2026-11-10', 5],
  ];
  for (const [date, points] of own) await rate(t.s, w().creator, w().cls.id, action, { date, points, students: [w().first['@id']] });
  // A whole-class rating counts for both (DESIGN §3); the second child's home observation, approved, counts too (§11).
  await rate(t.s, w().coteacher, w().cls.id, action, { date: '2026-11-12', points: 3, students: [] });
  const home = await call('POST', '/home-observation', other, {
    teachingClassStudent: `${API}/teaching-class-student/${w().second.id}`,
    learningAction: `${API}/learning-action/${action}`,
    date: '2026-11-13',
  });
  expect(home.statusCode, home.body).toBe(201);
  expect((await call('POST', `/home-observation/${home.json().id}/approve`, w().creator)).statusCode).toBe(200);
}, 120_000);

const growthOf = (g: StudentGrowth) => g.skills.find((k) => k.learningSkill === skill['@id'])!;

describe('GET /growth/student/{studentId} (DESIGN §12)', () => {
  it('answers the stage now (median of the last 5), at the start, and by month', async () => {
    const studentId = idOf(w().first.student);
    const q = `teachingClassId=${w().cls.id}&startDate=2026-10-01&endDate=2026-11-30`;
    const res = await call('GET', `/growth/student/${studentId}?${q}`, w().creator);
    expect(res.statusCode, res.body).toBe(200);
    const g = growthOf(res.json() as StudentGrowth);
    expect(g.ratings).toBe(7);
    // Last five by date: 2, 4, 5, 5 and the whole class's 3: median 4, Secure.
    expect(g.now).toMatchObject({ points: 4, stage: { points: 4, name: 'Secure' } });
    // Before October: 1 and 2, an even count: 1.5, still Beginning.
    expect(g.atStart).toMatchObject({ points: 1.5, stage: { points: 1, name: 'Beginning' } });
    expect(g.months.map((m) => [m.month, m.ratings, m.points, m.stage?.name])).toEqual([
      ['2026-10', 2, 2, 'Developing'],
      ['2026-11', 3, 4, 'Secure'],
    ]);
    // The second child: the whole-class 3 and the home rating (points 1): median 2.
    const second = await call('GET', `/growth/student/${idOf(w().second.student)}?${q}`, w().creator);
    expect(growthOf(second.json() as StudentGrowth)).toMatchObject({ ratings: 2, now: { points: 2 } });
  });

  it('is seen by the teachers, the evaluator and the linked family only', async () => {
    const path = `/growth/student/${idOf(w().first.student)}`;
    const expected: [TestUser | null, number][] = [
      [w().creator, 200],
      [w().coteacher, 200],
      [w().evaluator, 200],
      [w().linked, 200],
      [other, 404],
      [removed, 404],
      [w().stranger, 404],
      [null, 401],
    ];
    for (const [u, status] of expected) expect((await call('GET', path, u)).statusCode).toBe(status);
    const bad = await call('GET', `${path}?startDate=2026-11-01&endDate=2026-10-01`, w().creator);
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `${path}?unknown=1`, w().creator)).statusCode).toBe(400);
  });
});

describe('GET /growth/class/{id} (DESIGN §12)', () => {
  it('answers students × skills with the stage and the number of ratings, to the class members only', async () => {
    const res = await call('GET', `/growth/class/${w().cls.id}`, w().evaluator);
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json() as ClassGrowth;
    expect(g.skills.some((k) => k.learningSkill === skill['@id'])).toBe(true);
    const cell = (place: number) =>
      g.students.find((x) => x.teachingClassStudent.endsWith(`/${place}`))!.skills.find((k) => k.learningSkill === skill['@id'])!;
    expect(cell(w().first.id)).toEqual({ learningSkill: skill['@id'], ratings: 7, points: 4, stage: 4, self: null });
    expect(cell(w().second.id)).toMatchObject({ ratings: 2, points: 2, stage: 2 });
    const early = (await call('GET', `/growth/class/${w().cls.id}?endDate=2026-09-30`, w().creator)).json() as ClassGrowth;
    expect(early.students[0]!.skills.find((k) => k.learningSkill === skill['@id'])).toMatchObject({ ratings: 2, points: 1.5 });
    const expected: [TestUser | null, number][] = [
      [w().creator, 200],
      [w().coteacher, 200],
      [w().linked, 404],
      [other, 404],
      [removed, 404],
      [w().stranger, 404],
      [null, 401],
    ];
    for (const [u, status] of expected) expect((await call('GET', `/growth/class/${w().cls.id}`, u)).statusCode).toBe(status);
  });
});

describe('GET /coverage/class/{id} (DESIGN §12)', () => {
  it('lists who was not rated within the days, per skill who never was, and per teacher for the creator', async () => {
    const { creator, coteacher } = w();
    const cls = await createClass(t.s, creator, { start: daysAgo(200), end: daysAgo(-100) });
    await addCoTeacher(t.s, cls.id, coteacher);
    const [a, b, c] = [
      await addStudent(t.s, creator, cls.id),
      await addStudent(t.s, creator, cls.id),
      await addStudent(t.s, creator, cls.id),
    ];
    const made = (await call('POST', '/learning-skill', creator, { name: 'Seen', teachingClass: cls['@id'] })).json();
    const act = (await call('POST', '/learning-action', creator, { learningSkill: made.id, name: 'Seen' })).json().id as number;
    await rate(t.s, creator, cls.id, act, { date: daysAgo(3), students: [a['@id']] });
    await rate(t.s, coteacher, cls.id, act, { date: daysAgo(20), students: [b['@id']] });
    const get = async (u: TestUser, q = '') => {
      const res = await call('GET', `/coverage/class/${cls.id}${q}`, u);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ClassCoverage;
    };
    const places = (list: { teachingClassStudent: string }[]) => list.map((x) => idOf(x.teachingClassStudent));
    const cov = await get(creator);
    expect(cov.days).toBe(14);
    expect(places(cov.notObserved)).toEqual([c.id, b.id]);
    expect(cov.notObserved[0]!.lastRated).toBeNull();
    const bySkill = cov.skills.find((k) => k.learningSkill === made['@id'])!;
    expect(bySkill.neverRated.map(idOf)).toEqual([c.id]);
    expect(cov.skills.filter((k) => k.learningSkill !== made['@id']).every((k) => k.neverRated.length === 3)).toBe(true);
    expect(cov.teachers!.map((x) => [idOf(x.user), x.ratings])).toEqual([
      [creator.id, 1],
      [coteacher.id, 0],
    ]);
    expect((await get(creator, '?days=30')).teachers!.map((x) => x.ratings)).toEqual([1, 1]);
    expect(places((await get(creator, '?days=30')).notObserved)).toEqual([c.id]);
    await call('PATCH', `/teaching-class/${cls.id}`, creator, { coverageDays: 2 });
    expect(places((await get(creator)).notObserved).sort()).toEqual([a.id, b.id, c.id].sort());
    // A whole-class rating counts for every student (DESIGN §3).
    await rate(t.s, creator, cls.id, act, { date: daysAgo(0), students: [] });
    expect((await get(creator)).notObserved).toEqual([]);
    expect((await get(coteacher)).teachers).toBeUndefined();
    for (const days of ['0', '366', 'x'])
      expect((await call('GET', `/coverage/class/${cls.id}?days=${days}`, creator)).statusCode).toBe(400);
  });

  it('is seen by the class members only', async () => {
    const expected: [TestUser | null, number][] = [
      [w().creator, 200],
      [w().coteacher, 200],
      [w().evaluator, 200],
      [w().linked, 404],
      [other, 404],
      [removed, 404],
      [w().stranger, 404],
      [null, 401],
    ];
    for (const [u, status] of expected) expect((await call('GET', `/coverage/class/${w().cls.id}`, u)).statusCode).toBe(status);
  });
});

describe('reports name the stage (DESIGN §12)', () => {
  it("beside the average points, in the JSON and, in the reader's language, in the workbook", async () => {
    const res = await call('GET', `/report/class/${w().cls.id}?startDate=2026-09-01&endDate=2026-11-30`, w().creator);
    const row = (res.json() as Report).skills.find((k) => k.learningSkill === skill['@id'])!;
    // 1+2+2+4+5+5 of the first child, the whole class's 3 and the home 1: 23 points in 8 ratings.
    expect(row).toMatchObject({ ratings: 8, points: 23, average: 2.88, stage: { points: 2, name: 'Developing' } });
    await t.s.ctx.db.update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, w().evaluator.id));
    const sheet = await call('GET', `/report/spreadsheet/class/${w().cls.id}?startDate=2026-09-01&endDate=2026-11-30`, w().evaluator);
    expect(sheet.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(sheet.rawPayload as unknown as ArrayBuffer);
    const values = wb.worksheets[1]!.getSheetValues() as unknown[][];
    expect(values[1]!.at(-1)).toBe('Etapa');
    expect(values.find((r) => r?.[1] === 'Growing' && r[2] === '')).toEqual([undefined, 'Growing', '', 8, 23, 'En desarrollo']);
  });
});
