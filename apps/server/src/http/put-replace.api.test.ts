import { beforeAll, describe, expect, it } from 'vitest';
import { MediaType } from '@skillroom/contract';
import { masked } from '../../test/answer-shape';
import { dbKind } from '../../test/harness';
import { API, addStudent, withClassRoles, createClass, makeMedia, type TestUser } from '../../test/classes';

/**
 * PUT on a class, a place and a custom skill (the product's client replaces them): the fields of its write model are
 * replaced (required as on POST, the others not sent cleared), ours change only when sent, with PATCH's rules.
 */
const t = withClassRoles();
let skillId: number;
beforeAll(async () => {
  const skill = await t.s.api('POST', `${API}/learning-skill`, {
    token: t.w.creator.token,
    body: { name: 'Curiosity', colorCode: '#336699', teachingClass: t.w.cls['@id'] },
  });
  skillId = skill.json().id;
});

const call = (method: 'PUT' | 'PATCH', url: string, u: TestUser | null, body: unknown) => t.s.api(method, url, { token: u?.token, body });
const get = async (url: string) => (await t.s.api('GET', url, { token: t.w.creator.token })).json();
const classBody = { name: 'Year 5 Birch', year: 2027, start: '2027-09-01', end: '2028-07-01' };

describe(`PUT /teaching-class/{id} (${dbKind})`, () => {
  it('replaces the fields of the write model: grade and term not sent are cleared, our own fields stay', async () => {
    const url = `${API}/teaching-class/${t.w.cls.id}`;
    const res = await call('PUT', url, t.w.creator, { ...classBody, term: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...classBody, term: 3, grade: null, isFinished: false });
    // The subscription is ours, not the product's: its evaluator still sees the class.
    expect(res.json().subscription).toMatchObject({ id: t.w.sub.id });
    expect((await t.s.api('GET', url, { token: t.w.evaluator.token })).statusCode).toBe(200);
  });

  it('answers term as a number when it is one, as text otherwise', async () => {
    const url = `${API}/teaching-class/${t.w.cls.id}`;
    expect((await call('PUT', url, t.w.creator, { ...classBody, term: 'Full year' })).json().term).toBe('Full year');
    expect((await call('PUT', url, t.w.creator, { ...classBody, term: '2' })).json().term).toBe(2);
    expect((await call('PUT', url, t.w.creator, { ...classBody, term: '02' })).json().term).toBe('02');
  });

  it('refuses a body without what POST requires, or dates out of order, and changes nothing', async () => {
    const url = `${API}/teaching-class/${t.w.cls.id}`;
    const before = await get(url);
    const missing = await call('PUT', url, t.w.creator, { name: 'Only a name' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .violations.map((v: { propertyPath: string }) => v.propertyPath)
        .sort(),
    ).toEqual(['end', 'start', 'year']);
    const reversed = await call('PUT', url, t.w.creator, { ...classBody, end: '2020-01-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().violations[0].propertyPath).toBe('end');
    expect(await get(url)).toEqual(before);
  });

  it('takes back what GET answered, unchanged', async () => {
    const url = `${API}/teaching-class/${t.w.cls.id}`;
    const before = await get(url);
    expect((await call('PUT', url, t.w.creator, before)).statusCode).toBe(200);
    expect(masked(await get(url))).toEqual(masked(before));
  });

  it('is refused to a finished class as PATCH is (409)', async () => {
    const c = await createClass(t.s, t.w.creator);
    const url = `${API}/teaching-class/${c.id}`;
    expect((await call('PATCH', url, t.w.creator, { isFinished: true })).statusCode).toBe(200);
    expect((await call('PUT', url, t.w.creator, classBody)).statusCode).toBe(409);
    expect((await call('PUT', url, t.w.creator, { ...classBody, isFinished: false })).statusCode).toBe(200);
  });
});

describe(`PUT /teaching-class-student/{id} (${dbKind})`, () => {
  it('replaces names, code and avatar: those not sent are cleared, familyLanguage stays', async () => {
    const place = await addStudent(t.s, t.w.creator, t.w.cls.id, {
      firstName: 'Cleo',
      lastName: 'Park',
      code: 'P-1',
      familyLanguage: 'es',
    });
    const url = `${API}/teaching-class-student/${place.id}`;
    const res = await call('PUT', url, t.w.coteacher, { firstName: 'Cleo' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Cleo', lastName: null, code: null, avatar: null, familyLanguage: 'es' });
    const bad = await call('PUT', url, t.w.creator, { lastName: 'Park' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations[0].propertyPath).toBe('firstName');
    expect((await get(url)).lastName).toBeNull();
  });
});

describe(`PUT /learning-skill/{id} (${dbKind})`, () => {
  it('replaces name and avatar (its creator); the colour stays unless sent', async () => {
    const url = `${API}/learning-skill/${skillId}`;
    const icon = await makeMedia(t.s, MediaType.LearningSkillIcon);
    expect((await call('PATCH', url, t.w.creator, { avatar: icon.id })).statusCode).toBe(200);
    const res = await call('PUT', url, t.w.creator, { name: 'Wonder' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Wonder', colorCode: '#336699', avatar: null });
    expect((await call('PUT', url, t.w.creator, { name: 'Wonder', colorCode: '#112233' })).json().colorCode).toBe('#112233');
    expect((await call('PUT', url, t.w.creator, { colorCode: '#112233' })).statusCode).toBe(400);
  });
});

describe(`PUT answers every role as PATCH does (${dbKind})`, () => {
  const roles = ['creator', 'coteacher', 'evaluator', 'linked', 'stranger', 'anonymous'] as const;
  const user = (r: (typeof roles)[number]) => (r === 'anonymous' ? null : t.w[r]);
  const cases: [string, () => string, Record<(typeof roles)[number], number>, () => Record<string, unknown>][] = [
    [
      'teaching-class',
      () => `${API}/teaching-class/${t.w.cls.id}`,
      { creator: 200, coteacher: 403, evaluator: 403, linked: 404, stranger: 404, anonymous: 401 },
      () => classBody,
    ],
    [
      'teaching-class-student',
      () => `${API}/teaching-class-student/${t.w.second.id}`,
      { creator: 200, coteacher: 200, evaluator: 403, linked: 404, stranger: 404, anonymous: 401 },
      () => ({ firstName: 'Bao', lastName: 'Nguyen' }),
    ],
    [
      'learning-skill',
      () => `${API}/learning-skill/${skillId}`,
      { creator: 200, coteacher: 403, evaluator: 403, linked: 404, stranger: 404, anonymous: 401 },
      () => ({ name: 'Curiosity' }),
    ],
  ];
  it.each(cases)('%s', async (_name, url, expected, body) => {
    const got: Record<string, number[]> = {};
    for (const r of roles)
      got[r] = [(await call('PUT', url(), user(r), body())).statusCode, (await call('PATCH', url(), user(r), body())).statusCode];
    expect(got).toEqual(Object.fromEntries(roles.map((r) => [r, [expected[r], expected[r]]])));
  });
});
