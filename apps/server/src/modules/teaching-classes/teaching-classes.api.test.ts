import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/harness';
import { API, addCoTeacher, addStudent, createClass, makeSubscription, withClassRoles } from '../../../test/classes';

const t = withClassRoles();

const who = (name: 'creator' | 'coteacher' | 'evaluator' | 'linked' | 'stranger') => t.w[name];
const members = (body: { 'hydra:member': { id: number }[] }) => body['hydra:member'].map((m) => m.id);

describe('GET /teaching-class/{id} for each role (DESIGN §2)', () => {
  it.each([
    ['creator', 0, true],
    ['coteacher', 1, true],
    ['evaluator', 2, false],
  ] as const)('shows the class to its %s with userType %i (invitation codes: %s)', async (role, userType, codes) => {
    const res = await t.s.api('GET', `${API}/teaching-class/${t.w.cls.id}`, { token: who(role).token });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({
      '@context': '/api/contexts/TeachingClass',
      '@id': `${API}/teaching-class/${t.w.cls.id}`,
      '@type': 'TeachingClass',
      userType,
      numTeachers: 2,
      numStudents: 2,
    });
    expect(c.creator).toMatchObject({ '@id': `${API}/user/${t.w.creator.id}`, firstName: 'Test' });
    expect(c.creator.email).toBeUndefined();
    expect(c.teachers.map((u: { id: number }) => u.id)).toEqual([t.w.coteacher.id]);
    expect(c.teachingClassStudents.map((p: { firstName: string }) => p.firstName)).toEqual(['Amara', 'Bao']);
    expect(c.students).toEqual(c.teachingClassStudents.map((p: { student: string }) => p.student));
    expect(c.subscription).toMatchObject({ '@id': `${API}/subscription/${t.w.sub.id}`, name: 'Test plan' });
    expect('invitationCode' in c).toBe(codes);
    expect(c.teachingClassStudents.every((p: object) => 'invitationCode' in p)).toBe(codes);
  });

  it.each(['linked', 'stranger'] as const)('answers 404 to a %s user, who may not know the class', async (role) => {
    const res = await t.s.api('GET', `${API}/teaching-class/${t.w.cls.id}`, { token: who(role).token });
    expect(res.statusCode).toBe(404);
    expect(res.json()['@type']).toBe('hydra:Error');
  });

  it('answers 401 without a token, 404 for an unknown class and 400 for a malformed id', async () => {
    expect((await t.s.api('GET', `${API}/teaching-class/${t.w.cls.id}`)).statusCode).toBe(401);
    expect((await t.s.api('GET', `${API}/teaching-class/999999`, { token: t.w.creator.token })).statusCode).toBe(404);
    expect((await t.s.api('GET', `${API}/teaching-class/abc`, { token: t.w.creator.token })).statusCode).toBe(400);
  });
});

describe('GET /teaching-classes', () => {
  it.each([
    ['creator', 0],
    ['coteacher', 1],
    ['evaluator', 2],
  ] as const)('lists the class for its %s with their userType, without students', async (role, userType) => {
    const res = await t.s.api('GET', `${API}/teaching-classes`, { token: who(role).token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['@type']).toBe('hydra:Collection');
    const c = body['hydra:member'].find((m: { id: number }) => m.id === t.w.cls.id);
    expect(c).toMatchObject({ userType, numStudents: 2, numTeachers: 2 });
    expect(c.teachingClassStudents).toBeUndefined();
  });

  it.each(['linked', 'stranger'] as const)('lists nothing of it for a %s user', async (role) => {
    const res = await t.s.api('GET', `${API}/teaching-classes`, { token: who(role).token });
    expect(members(res.json())).not.toContain(t.w.cls.id);
  });

  it('answers 401 without a token', async () => {
    expect((await t.s.api('GET', `${API}/teaching-classes`)).statusCode).toBe(401);
  });

  it('pages 10 at a time by default, newest first, with hydra:view links', async () => {
    const teacher = await signUp(t.s);
    const made = [];
    for (let i = 0; i < 12; i++) made.push((await createClass(t.s, teacher, { name: `C${i}` })).id);
    const first = (await t.s.api('GET', `${API}/teaching-classes?page=1`, { token: teacher.token })).json();
    expect(first['hydra:totalItems']).toBe(12);
    expect(members(first)).toEqual(made.slice(2).reverse());
    expect(first['hydra:view']['hydra:next']).toContain('page=2');
    const second = (await t.s.api('GET', `${API}/teaching-classes?page=2&itemsPerPage=10`, { token: teacher.token })).json();
    expect(members(second)).toEqual(made.slice(0, 2).reverse());
    const past = (await t.s.api('GET', `${API}/teaching-classes?page=5`, { token: teacher.token })).json();
    expect(past['hydra:member']).toEqual([]);
    expect(past['hydra:totalItems']).toBe(12);
  });

  it('filters by isFinished, isIndividual, subscription and the exclude switches', async () => {
    const [teacher, other, ev] = await Promise.all([signUp(t.s), signUp(t.s), signUp(t.s)]);
    const sub = await makeSubscription(t.s, { teachers: [teacher, other], evaluators: [ev, teacher], canCreateIndividual: true });
    const subRef = `${API}/subscription/${sub.id}`;
    const own = await createClass(t.s, teacher, { name: 'own' });
    const finished = await createClass(t.s, teacher, { name: 'finished' });
    await t.s.api('PATCH', `${API}/teaching-class/${finished.id}`, { token: teacher.token, body: { isFinished: true } });
    const individual = await createClass(t.s, teacher, { name: 'individual', isIndividual: true, subscription: subRef });
    const cotaught = await createClass(t.s, other, { name: 'cotaught' });
    await addCoTeacher(t.s, cotaught.id, teacher);
    const evaluated = await createClass(t.s, other, { name: 'evaluated', subscription: subRef });
    const list = async (qs: string) =>
      members((await t.s.api('GET', `${API}/teaching-classes?${qs}`, { token: teacher.token })).json()).sort();
    const ids = (...cs: { id: number }[]) => cs.map((c) => c.id).sort();
    expect(await list('')).toEqual(ids(own, finished, individual, cotaught, evaluated));
    expect(await list('isFinished=1')).toEqual(ids(finished));
    expect(await list('isFinished=0')).toEqual(ids(own, individual, cotaught, evaluated));
    expect(await list('isIndividual=true')).toEqual(ids(individual));
    expect(await list(`subscription=${sub.id}`)).toEqual(ids(individual, evaluated));
    expect(await list(`subscription=${encodeURIComponent(subRef)}`)).toEqual(ids(individual, evaluated));
    expect(await list('excludeOwnTeachingClasses=1')).toEqual(ids(cotaught, evaluated));
    expect(await list('excludeCoteacherTeachingClasses=1')).toEqual(ids(own, finished, individual, evaluated));
    expect(await list('excludeEvaluatorTeachingClasses=1')).toEqual(ids(own, finished, individual, cotaught));
    expect(await list('excludeOwnTeachingClasses=1&excludeCoteacherTeachingClasses=1&isFinished=0')).toEqual(ids(evaluated));
    // Evaluator and creator at once: the stronger role counts.
    const res = await t.s.api('GET', `${API}/teaching-classes?subscription=${sub.id}`, { token: teacher.token });
    const roles = res.json()['hydra:member'].map((m: { name: string; userType: number }) => [m.name, m.userType]);
    expect(Object.fromEntries(roles)).toEqual({ individual: 0, evaluated: 2 });
  });

  it.each([
    ['isFinished=maybe', 'isFinished'],
    ['itemsPerPage=0', 'itemsPerPage'],
    ['itemsPerPage=1001', 'itemsPerPage'],
    ['page=-1', 'page'],
    ['subscription=nonsense', 'subscription'],
  ])('answers 400 for %s', async (qs, path) => {
    const res = await t.s.api('GET', `${API}/teaching-classes?${qs}`, { token: t.w.creator.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0].propertyPath).toBe(path);
  });
});

describe('invitation-code lookup (page 1, size 1)', () => {
  it('shows any signed-in user the class summary only: name, school, creator name, avatar', async () => {
    const res = await t.s.api('GET', `${API}/teaching-classes?page=1&itemsPerPage=1&invitationCode=${t.w.cls.invitationCode}`, {
      token: t.w.stranger.token,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(1);
    const c = body['hydra:member'][0];
    expect(Object.keys(c).sort()).toEqual(['@id', '@type', 'avatar', 'creator', 'id', 'name', 'school', 'userType']);
    expect(c).toMatchObject({ id: t.w.cls.id, name: 'Year 4 Maple', userType: null, creator: { id: t.w.creator.id, firstName: 'Test' } });
    // The code comes back only in the view links, which echo the query the user typed.
    expect(JSON.stringify(c)).not.toContain(t.w.cls.invitationCode);
    expect(res.body).not.toContain('Amara');
  });

  it('tells a member their role, ignores case and spaces, and finds nothing for a wrong code', async () => {
    const code = String(t.w.cls.invitationCode);
    const mine = (
      await t.s.api('GET', `${API}/teaching-classes?invitationCode=${code.toLowerCase()}`, { token: t.w.coteacher.token })
    ).json();
    expect(mine['hydra:member'][0].userType).toBe(1);
    const spaced = (
      await t.s.api('GET', `${API}/teaching-classes?invitationCode=${encodeURIComponent(` ${code.slice(0, 4)} ${code.slice(4)} `)}`, {
        token: t.w.stranger.token,
      })
    ).json();
    expect(spaced['hydra:totalItems']).toBe(1);
    const none = (await t.s.api('GET', `${API}/teaching-classes?invitationCode=ZZZZZZZZ`, { token: t.w.stranger.token })).json();
    expect(none).toMatchObject({ 'hydra:member': [], 'hydra:totalItems': 0 });
    expect((await t.s.api('GET', `${API}/teaching-classes?invitationCode=${code}`)).statusCode).toBe(401);
  });

  it('generates 8-character codes without look-alike characters, unique per class', async () => {
    const teacher = await signUp(t.s);
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add((await createClass(t.s, teacher)).invitationCode);
    const place = await addStudent(t.s, teacher, (await createClass(t.s, teacher)).id);
    codes.add(place.invitationCode);
    expect(codes.size).toBe(6);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });
});

describe('education levels and health', () => {
  it('lists the seeded education levels by translation key', async () => {
    const res = await t.s.api('GET', `${API}/education-levels`, { token: t.w.linked.token });
    expect(res.statusCode).toBe(200);
    const keys = res.json()['hydra:member'].map((l: { translationKey: string }) => l.translationKey);
    const levels = ['preschool', 'primary', 'lower_secondary', 'upper_secondary', 'vocational', 'higher', 'adult'];
    expect(keys).toEqual(levels.map((l) => `education_level.${l}`));
    expect((await t.s.api('GET', `${API}/education-levels`)).statusCode).toBe(401);
  });

  it('answers the signed-in health check after asking the database', async () => {
    expect((await t.s.api('GET', `${API}/health`, { token: t.w.stranger.token })).json()).toEqual({ status: 'ok' });
    expect((await t.s.api('GET', `${API}/health`)).statusCode).toBe(401);
  });
});
