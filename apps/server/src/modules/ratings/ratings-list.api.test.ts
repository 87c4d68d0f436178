import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rating } from '@skillroom/contract';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles, createClass } from '../../../test/classes';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let skills: Awaited<ReturnType<typeof classSkills>>;
const made: Record<string, Rating> = {};
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  skills = await classSkills(s, w.creator, w.cls.id);
  const a = (i: number) => skills[i]!.learningActions[0]!.id;
  made.firstOld = await rate(s, w.creator, w.cls.id, a(0), { date: '2026-09-10', students: [w.first['@id']] });
  made.secondMid = await rate(s, w.coteacher, w.cls.id, a(1), { date: '2026-10-01', students: [w.second['@id']] });
  made.wholeMid = await rate(s, w.evaluator, w.cls.id, a(1), { date: '2026-10-01' });
  made.bothNew = await rate(s, w.creator, w.cls.id, skills[2]!.learningActions[1]!.id, {
    date: '2026-11-20',
    students: [w.first['@id'], w.second['@id']],
  });
  // Another class of the same creator, with the first student copied in: a student's history across classes.
  const other = await createClass(s, w.creator, { name: 'Year 5' });
  const copy = await s.api('POST', `${API}/teaching-class-student/copy`, {
    token: w.creator.token,
    body: { teachingClass: other['@id'], teachingClassStudents: [w.first['@id']] },
  });
  made.otherClass = await rate(s, w.creator, other.id, (await classSkills(s, w.creator, other.id))[0]!.learningActions[0]!.id, {
    date: '2026-11-21',
    students: [copy.json()['hydra:member'][0]['@id']],
  });
  made.otherWhole = await rate(s, w.creator, other.id, (await classSkills(s, w.creator, other.id))[0]!.learningActions[0]!.id, {
    date: '2026-11-22',
  });
  await addStudent(s, w.creator, other.id, { firstName: 'Other' });
});
afterAll(() => s.close());

const list = async (token: string, qs = '') => {
  const res = await s.api('GET', `${API}/ratings${qs}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { 'hydra:member': Rating[]; 'hydra:totalItems': number; 'hydra:view': Record<string, string> };
};
const ids = (b: { 'hydra:member': Rating[] }) => b['hydra:member'].map((r) => r.id);
const idsOf = (...names: string[]) => names.map((n) => made[n]!.id);

describe('GET /ratings', () => {
  it('lists newest first (by date, then the later one recorded) what each role may see', async () => {
    expect(ids(await list(w.creator.token, `?teachingClass.id=${w.cls.id}`))).toEqual(
      idsOf('bothNew', 'wholeMid', 'secondMid', 'firstOld'),
    );
    expect(ids(await list(w.coteacher.token))).toEqual(idsOf('bothNew', 'wholeMid', 'secondMid', 'firstOld'));
    expect(ids(await list(w.evaluator.token))).toEqual(idsOf('bothNew', 'wholeMid', 'secondMid', 'firstOld'));
    // The parent sees the ratings naming their child and the whole-class ratings, in the class where their link was
    // accepted only: the class the child was copied into stays hidden until a link there (DESIGN §2).
    expect(ids(await list(w.linked.token))).toEqual(idsOf('bothNew', 'wholeMid', 'firstOld'));
    expect((await list(w.stranger.token))['hydra:totalItems']).toBe(0);
    expect((await s.api('GET', `${API}/ratings`)).statusCode).toBe(401);
  });

  it('filters by place, Student (both spellings), skill, action, creator and date range', async () => {
    const t = w.creator.token;
    expect(ids(await list(t, `?students.id=${w.first.id}`))).toEqual(idsOf('bothNew', 'firstOld'));
    expect(ids(await list(t, `?students.id=${w.first.id}&includeWholeClass=1`))).toEqual(idsOf('bothNew', 'wholeMid', 'firstOld'));
    const student = w.first.student.split('/').pop();
    expect(ids(await list(t, `?rating_students.student.id=${student}`))).toEqual(idsOf('otherClass', 'bothNew', 'firstOld'));
    expect(ids(await list(t, `?ratingStudents.student.id=${student}&includeWholeClass=true`))).toEqual(
      idsOf('otherWhole', 'otherClass', 'bothNew', 'wholeMid', 'firstOld'),
    );
    expect(ids(await list(t, `?learningSkill.id=${skills[1]!.id}&teachingClass.id=${w.cls.id}`))).toEqual(idsOf('wholeMid', 'secondMid'));
    expect(ids(await list(t, `?learningAction.id[]=${skills[2]!.learningActions[1]!.id}`))).toEqual(idsOf('bothNew'));
    expect(ids(await list(t, `?creator.id=${w.coteacher.id}`))).toEqual(idsOf('secondMid'));
    expect(ids(await list(t, `?teachingClass.id=${w.cls.id}&date[after]=2026-10-01&date[before]=2026-10-31`))).toEqual(
      idsOf('wholeMid', 'secondMid'),
    );
    expect(ids(await list(t, `?teaching_class.id=${w.cls.id}&date[after]=2026-10-02`))).toEqual(idsOf('bothNew'));
  });

  it('pages with hydra links and caps itemsPerPage', async () => {
    const p1 = await list(w.creator.token, `?teachingClass.id=${w.cls.id}&itemsPerPage=3`);
    expect(ids(p1)).toEqual(idsOf('bothNew', 'wholeMid', 'secondMid'));
    expect(p1['hydra:totalItems']).toBe(4);
    expect(p1['hydra:view']['hydra:next']).toContain('page=2');
    expect(ids(await list(w.creator.token, `?teachingClass.id=${w.cls.id}&itemsPerPage=3&page=2`))).toEqual(idsOf('firstOld'));
    expect((await s.api('GET', `${API}/ratings?itemsPerPage=1001`, { token: w.creator.token })).statusCode).toBe(400);
  });

  it.each([
    ['date[after]=tomorrow'],
    ['date[before]=2026-13-01'],
    ['teachingClass.id=abc'],
    ['students.id=-1'],
    ['includeWholeClass=perhaps'],
    ['page=0'],
    ['date=2026-01-01'],
    ['date[strictly_after]=2026-01-01'],
    ['colour=red'],
  ])('answers 400 for %s', async (qs) => {
    const res = await s.api('GET', `${API}/ratings?${qs}`, { token: w.creator.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()['@type']).toBe('ConstraintViolationList');
  });

  it('answers from its cache only while nothing it is made of changed', async () => {
    const url = `?teachingClass.id=${w.cls.id}&itemsPerPage=1`;
    const first = await list(w.evaluator.token, url);
    expect(await list(w.evaluator.token, url)).toEqual(first);
    const newer = await rate(s, w.creator, w.cls.id, skills[3]!.learningActions[0]!.id, { date: '2026-11-23' });
    expect(ids(await list(w.evaluator.token, url))).toEqual([newer.id]);
    await s.api('PATCH', newer['@id'], { token: w.creator.token, body: { points: 5 } });
    expect((await list(w.evaluator.token, url))['hydra:member'][0]!.points).toBe(5);
    await s.api('PATCH', `${API}/user/${w.creator.id}`, { token: w.creator.token, body: { firstName: 'Renamed' } });
    expect((await list(w.evaluator.token, url))['hydra:member'][0]!.creator!.firstName).toBe('Renamed');
    await s.api('DELETE', newer['@id'], { token: w.creator.token });
    expect(ids(await list(w.evaluator.token, url))).toEqual(idsOf('bothNew'));
  });
});
