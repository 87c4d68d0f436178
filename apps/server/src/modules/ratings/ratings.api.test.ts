import { count } from 'drizzle-orm';
import { MediaType, type Rating } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratings, ratingStudents } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles, createClass, makeMedia } from '../../../test/classes';
import { classSkills, rate, ratingBody, seedSkills } from '../../../test/ratings';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let actions: number[];
let skillIds: number[];
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  const skills = await classSkills(s, w.creator, w.cls.id);
  skillIds = skills.map((k) => k.id);
  actions = skills.map((k) => k.learningActions[0]!.id);
});
afterAll(() => s.close());

type Role = 'creator' | 'coteacher' | 'evaluator' | 'linked' | 'stranger';
const ratingCount = async () => (await s.ctx.db.select({ n: count() }).from(ratings))[0]!.n;
const linkCount = async () => (await s.ctx.db.select({ n: count() }).from(ratingStudents))[0]!.n;

describe('POST /rating', () => {
  it.each([
    ['creator', 201],
    ['coteacher', 201],
    ['evaluator', 201],
    ['linked', 400],
    ['stranger', 400],
  ] as const)('answers %s with %i', async (role, status) => {
    const before = await ratingCount();
    const res = await s.api('POST', `${API}/rating`, { token: w[role].token, body: ratingBody(w.cls.id, actions[0]!, { students: [w.first['@id']] }) });
    expect(res.statusCode).toBe(status);
    expect(await ratingCount()).toBe(before + (status === 201 ? 1 : 0));
    if (status !== 201) return;
    const skill = (await classSkills(s, w.creator, w.cls.id))[0]!;
    expect(res.json()).toMatchObject({
      '@context': '/api/contexts/Rating',
      '@type': 'Rating',
      date: '2026-10-05',
      points: 3,
      description: 'Explained fractions to the group.',
      teachingClass: w.cls['@id'],
      learningSkill: { '@id': skill['@id'], name: skill.name, colorCode: skill.colorCode, avatar: { mediaType: MediaType.LearningSkillIcon } },
      learningAction: { id: actions[0], learningSkill: skill['@id'] },
      creator: { '@id': w[role].iri, firstName: 'Test', lastName: w[role].user.lastName },
      students: [w.first['@id']],
      isWholeClass: false,
      medias: [],
      canEdit: true,
    });
  });

  it('answers 401 without a token', async () => {
    expect((await s.api('POST', `${API}/rating`, { body: ratingBody(w.cls.id, actions[0]!) })).statusCode).toBe(401);
  });

  it('rates the whole class with no students, points 1 by default, and accepts Students (the person) as well as places', async () => {
    const whole = await s.api('POST', `${API}/rating`, { token: w.creator.token, body: { teachingClass: w.cls.id, learningAction: actions[1], date: '2026-10-06' } });
    expect(whole.json()).toMatchObject({ students: [], isWholeClass: true, points: 1, description: null });
    const person = await rate(s, w.creator, w.cls.id, actions[1]!, { students: [w.second.student, { '@id': w.first['@id'] }, w.second.id] });
    expect(person.students.sort()).toEqual([w.first['@id'], w.second['@id']].sort());
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['points 0', { points: 0 }, 'points'],
    ['points 6', { points: 6 }, 'points'],
    ['points 2.5', { points: 2.5 }, 'points'],
    ['points as text', { points: '3' }, 'points'],
    ['a date that does not exist', { date: '2026-02-30' }, 'date'],
    ['a date that does not parse', { date: 'yesterday' }, 'date'],
    ['no date', { date: undefined }, 'date'],
    ['no action', { learningAction: undefined }, 'learningAction'],
    ['an action that does not exist', { learningAction: 999999 }, 'learningAction'],
    // Both sent and not agreeing: the action is the one that is wrong (DESIGN §14, the skill is what a rating is of).
    ['a skill that is not the action\'s', { learningSkill: 1 }, 'learningAction'],
    ['students not a list', { students: 'all' }, 'students'],
    ['an unknown field', { mood: 'happy' }, ''],
    ['a description too long', { description: 'x'.repeat(5001) }, 'description'],
  ];
  it.each(bad)('refuses %s with a violation and writes nothing', async (_name, o, path) => {
    const before = [await ratingCount(), await linkCount()];
    const body: Record<string, unknown> = ratingBody(w.cls.id, actions[0]!, { students: [w.first['@id']], ...o });
    if (o.learningSkill === 1) body.learningSkill = skillIds[1]!;
    const res = await s.api('POST', `${API}/rating`, { token: w.creator.token, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()['@type']).toBe('ConstraintViolationList');
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(path);
    expect([await ratingCount(), await linkCount()]).toEqual(before);
  });

  it('refuses an action of a skill the class does not use, students of another class, and media that are not yours', async () => {
    const before = [await ratingCount(), await linkCount()];
    const link = (await classSkills(s, w.creator, w.cls.id))[7]!;
    const other = await createClass(s, w.creator);
    const stranger = await addStudent(s, w.creator, other.id, { firstName: 'Zed' });
    expect((await s.api('DELETE', link.teachingClassLearningSkill, { token: w.creator.token })).statusCode).toBe(204);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ learningAction: link.learningActions[0]!.id }, 'learningAction', 'This learning action belongs to a skill this class does not use.'],
      [{ students: [w.first['@id'], stranger['@id']] }, 'students.1', "This student has no place in the rating's class."],
      [{ students: [stranger.student] }, 'students.0', "This student has no place in the rating's class."],
      [{ medias: [(await makeMedia(s, MediaType.RatingPhoto, w.coteacher.id)).id] }, 'medias.0', 'Only your own uploads can be attached.'],
      [{ medias: [(await makeMedia(s, MediaType.StudentAvatar, w.creator.id)).id] }, 'medias.0', 'Only photos, videos, audio and files (media types 34 to 37) can be attached to a rating.'],
      [{ medias: [999999] }, 'medias.0', 'This media does not exist.'],
    ];
    for (const [o, path, message] of cases) {
      const res = await s.api('POST', `${API}/rating`, { token: w.creator.token, body: ratingBody(w.cls.id, actions[0]!, o) });
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().violations).toContainEqual({ propertyPath: path, message });
    }
    expect([await ratingCount(), await linkCount()]).toEqual(before);
    await s.api('POST', `${API}/teaching-class-learning-skill`, { token: w.creator.token, body: { teachingClass: w.cls.id, learningSkill: link.id } });
  });

  it('attaches your uploads once: a media already attached elsewhere is refused', async () => {
    const photo = await makeMedia(s, MediaType.RatingPhoto, w.evaluator.id);
    const r = await rate(s, w.evaluator, w.cls.id, actions[0]!, { medias: [`${API}/media/${photo.id}`] });
    expect(r.medias).toMatchObject([{ '@type': 'RatingMedia', rating: r['@id'], media: { id: photo.id, mediaType: MediaType.RatingPhoto } }]);
    const again = await s.api('POST', `${API}/rating`, { token: w.evaluator.token, body: ratingBody(w.cls.id, actions[0]!, { medias: [photo.id] }) });
    expect(again.statusCode).toBe(400);
    expect(again.json().violations[0].message).toBe('This media is already attached to a rating.');
  });
});

describe('GET /rating/{id}, PATCH and DELETE', () => {
  let byCoteacher: Rating;
  let byEvaluator: Rating;
  let wholeClass: Rating;
  beforeAll(async () => {
    byCoteacher = await rate(s, w.coteacher, w.cls.id, actions[2]!, { students: [w.first['@id']] });
    byEvaluator = await rate(s, w.evaluator, w.cls.id, actions[2]!, { students: [w.second['@id']] });
    wholeClass = await rate(s, w.creator, w.cls.id, actions[2]!);
  });

  it.each([
    ['creator', 200, 200, 200],
    ['coteacher', 200, 200, 200],
    ['evaluator', 200, 200, 200],
    ['linked', 200, 404, 200],
    ['stranger', 404, 404, 404],
  ] as const)('%s reads the rating of the first student %i, of the second %i, of the whole class %i', async (role, first, second, whole) => {
    expect((await s.api('GET', byCoteacher['@id'], { token: w[role].token })).statusCode).toBe(first);
    expect((await s.api('GET', byEvaluator['@id'], { token: w[role].token })).statusCode).toBe(second);
    expect((await s.api('GET', wholeClass['@id'], { token: w[role].token })).statusCode).toBe(whole);
  });

  it.each([
    ['creator', 200, 200],
    ['coteacher', 200, 403],
    ['evaluator', 403, 200],
    ['linked', 403, 404],
    ['stranger', 404, 404],
  ] as const)("%s changes the co-teacher's rating: %i, the evaluator's: %i", async (role: Role, own, other) => {
    const a = await s.api('PATCH', byCoteacher['@id'], { token: w[role].token, body: { points: 4 } });
    expect(a.statusCode).toBe(own);
    const b = await s.api('PATCH', byEvaluator['@id'], { token: w[role].token, body: { description: `Seen by ${role}` } });
    expect(b.statusCode).toBe(other);
    if (own === 200) expect(a.json()).toMatchObject({ points: 4, canEdit: true });
    if (role === 'linked') expect((await s.api('GET', byCoteacher['@id'], { token: w.linked.token })).json().canEdit).toBe(false);
  });

  it('changes date, students, action (one of a skill the class uses) and keeps the skill with the action', async () => {
    // Sent with read-only names (as read): they are ignored, and the rating stays in its class.
    const res = await s.api('PATCH', byEvaluator['@id'], {
      token: w.creator.token,
      body: { date: '2026-11-02', students: [w.first.student, w.second['@id']], learningAction: `${API}/learning-action/${actions[3]}`, '@id': '/elsewhere', teachingClass: `${API}/teaching-class/999`, isWholeClass: true, canEdit: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().teachingClass).toBe(w.cls['@id']);
    const now = (await s.api('GET', byEvaluator['@id'], { token: w.creator.token })).json();
    expect(now).toMatchObject({ date: '2026-11-02', learningAction: { id: actions[3] }, learningSkill: { id: skillIds[3] }, isWholeClass: false });
    expect(now.students.sort()).toEqual([w.first['@id'], w.second['@id']].sort());
    const none = await s.api('PATCH', byEvaluator['@id'], { token: w.creator.token, body: { students: [] } });
    expect(none.json()).toMatchObject({ students: [], isWholeClass: true });
    for (const body of [{ points: 0 }, { points: null }, { date: '31/12/2026' }, { learningSkill: skillIds[0] }, { mood: 'happy' }]) {
      const bad = await s.api('PATCH', byEvaluator['@id'], { token: w.creator.token, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await s.api('GET', byEvaluator['@id'], { token: w.creator.token })).json()).toMatchObject({ date: '2026-11-02', points: 3 });
  });

  it.each([
    ['creator', 204],
    ['coteacher', 403],
    ['evaluator', 204],
    ['linked', 404],
    ['stranger', 404],
  ] as const)("DELETE the evaluator's rating: %s gets %i", async (role, status) => {
    const r = await rate(s, w.evaluator, w.cls.id, actions[0]!, { students: [w.second['@id']] });
    const res = await s.api('DELETE', r['@id'], { token: w[role].token });
    expect(res.statusCode).toBe(status);
    expect((await s.api('GET', r['@id'], { token: w.creator.token })).statusCode).toBe(status === 204 ? 404 : 200);
  });

  it('answers 401 without a token and 404 for a rating that does not exist', async () => {
    expect((await s.api('GET', wholeClass['@id'])).statusCode).toBe(401);
    expect((await s.api('PATCH', wholeClass['@id'], { body: { points: 2 } })).statusCode).toBe(401);
    expect((await s.api('DELETE', wholeClass['@id'])).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/rating/999999`, { token: w.creator.token })).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/rating/abc`, { token: w.creator.token })).statusCode).toBeGreaterThanOrEqual(400);
  });
});
