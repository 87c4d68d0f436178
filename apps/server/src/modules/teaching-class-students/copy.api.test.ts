import { eq, count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachingClassStudents } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addCoTeacher, addStudent, classWithRoles, createClass, makeSubscription, type TestUser } from '../../../test/classes';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const placesIn = async (classId: number) => (await s.ctx.db.select({ n: count() }).from(teachingClassStudents).where(eq(teachingClassStudents.teachingClassId, classId)))[0]!.n;
const copy = (u: TestUser, body: unknown) => s.api('POST', `${API}/teaching-class-student/copy`, { token: u.token, body });

describe('POST /teaching-class-student/copy', () => {
  it('copies places into the destination, re-using each Student, and answers 201 with the new places', async () => {
    const t = await signUp(s);
    const from = await createClass(s, t, { name: 'Year 3' });
    const to = await createClass(s, t, { name: 'Year 4' });
    const a = await addStudent(s, t, from.id, { firstName: 'Kofi', lastName: 'Mensah', code: 'K1' });
    const b = await addStudent(s, t, from.id, { firstName: 'Lena', lastName: 'Petrova' });
    const res = await copy(t, { teachingClass: `${API}/teaching-class/${to.id}`, teachingClassStudents: [a['@id'], b.id] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body['@type']).toBe('hydra:Collection');
    expect(body['hydra:totalItems']).toBe(2);
    const [ca, cb] = body['hydra:member'];
    expect(ca).toMatchObject({ firstName: 'Kofi', lastName: 'Mensah', code: 'K1', student: a.student, teachingClass: `${API}/teaching-class/${to.id}` });
    expect(cb).toMatchObject({ firstName: 'Lena', student: b.student });
    expect(ca.id).not.toBe(a.id);
    expect(ca.invitationCode).not.toBe(a.invitationCode);
    expect(await placesIn(from.id)).toBe(2);
    expect(await placesIn(to.id)).toBe(2);
  });

  it('refuses a student already in the destination with a violation, and copies nothing', async () => {
    const t = await signUp(s);
    const from = await createClass(s, t);
    const to = await createClass(s, t);
    const a = await addStudent(s, t, from.id, { firstName: 'Mei' });
    const b = await addStudent(s, t, from.id, { firstName: 'Nia' });
    await copy(t, { teachingClass: to.id, teachingClassStudents: [b.id] });
    const res = await copy(t, { teachingClass: to.id, teachingClassStudents: [a.id, b.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([{ propertyPath: 'teachingClassStudents.1', message: 'This student is already in this class.' }]);
    expect(await placesIn(to.id)).toBe(1);
    // A place of the destination itself, and the same student named twice, are refused alike.
    const own = (await s.api('GET', `${API}/teaching-class-students?teachingClass.id=${to.id}`, { token: t.token })).json()['hydra:member'][0];
    expect((await copy(t, { teachingClass: to.id, teachingClassStudents: [own.id] })).statusCode).toBe(400);
    const twice = await copy(t, { teachingClass: to.id, teachingClassStudents: [a.id, a.id] });
    expect(twice.json().violations[0].propertyPath).toBe('teachingClassStudents.1');
    expect(await placesIn(to.id)).toBe(1);
  });

  it('takes sources from any class the user can see, evaluated ones included', async () => {
    const [t, other] = await Promise.all([signUp(s), signUp(s)]);
    const sub = await makeSubscription(s, { teachers: [other], evaluators: [t] });
    const evaluated = await createClass(s, other, { subscription: sub.id });
    const p = await addStudent(s, other, evaluated.id, { firstName: 'Omar' });
    const mine = await createClass(s, t);
    const res = await copy(t, { teachingClass: mine.id, teachingClassStudents: [p.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json()['hydra:member'][0].student).toBe(p.student);
  });

  it('refuses a source the user may not see, naming it, and copies nothing', async () => {
    const [t, other] = await Promise.all([signUp(s), signUp(s)]);
    const theirs = await createClass(s, other);
    const hidden = await addStudent(s, other, theirs.id);
    const from = await createClass(s, t);
    const mine = await addStudent(s, t, from.id);
    const to = await createClass(s, t);
    for (const ref of [hidden.id, 999999, 'nonsense']) {
      const res = await copy(t, { teachingClass: to.id, teachingClassStudents: [mine.id, ref] });
      expect(res.statusCode, String(ref)).toBe(400);
      expect(res.json().violations[0].propertyPath).toBe('teachingClassStudents.1');
    }
    expect(await placesIn(to.id)).toBe(0);
  });

  it.each([
    ['evaluator', 403],
    ['linked', 400],
    ['stranger', 400],
  ] as const)('refuses a %s destination with %i', async (role, status) => {
    const w = await classWithRoles(s);
    // A parent has no class of their own (only teachers create classes): the source is another teacher's place.
    const sourceTeacher = role === 'linked' ? w.creator : w[role];
    const own = await createClass(s, sourceTeacher);
    const src = await addStudent(s, sourceTeacher, own.id);
    const res = await copy(w[role], { teachingClass: w.cls.id, teachingClassStudents: [src.id] });
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json().violations[0].propertyPath).toBe('teachingClass');
    expect(await placesIn(w.cls.id)).toBe(2);
  });

  it('lets a co-teacher copy into the class, and answers 401 without a token', async () => {
    const w = await classWithRoles(s);
    const own = await createClass(s, w.coteacher);
    const src = await addStudent(s, w.coteacher, own.id, { firstName: 'Priya' });
    expect((await copy(w.coteacher, { teachingClass: w.cls.id, teachingClassStudents: [src.id] })).statusCode).toBe(201);
    expect((await s.api('POST', `${API}/teaching-class-student/copy`, { body: { teachingClass: w.cls.id, teachingClassStudents: [src.id] } })).statusCode).toBe(401);
  });

  it.each([
    ['no places', { teachingClassStudents: [] }, 'teachingClassStudents'],
    ['places that are not a list', { teachingClassStudents: 'all' }, 'teachingClassStudents'],
    ['no destination', { teachingClass: undefined }, 'teachingClass'],
  ])('answers 400 for %s', async (_label, patch, path) => {
    const t = await signUp(s);
    const to = await createClass(s, t);
    const res = await copy(t, { teachingClass: to.id, teachingClassStudents: [1], ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0].propertyPath).toBe(path);
  });

  it('keeps an individual class to one student', async () => {
    const t = await signUp(s);
    const sub = await makeSubscription(s, { teachers: [t], canCreateIndividual: true });
    const from = await createClass(s, t);
    const a = await addStudent(s, t, from.id);
    const b = await addStudent(s, t, from.id, { firstName: 'Quinn' });
    const single = await createClass(s, t, { isIndividual: true, subscription: sub.id });
    const res = await copy(t, { teachingClass: single.id, teachingClassStudents: [a.id, b.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0]).toEqual({ propertyPath: 'teachingClassStudents', message: 'An individual class holds one student only.' });
    expect(await placesIn(single.id)).toBe(0);
    expect((await copy(t, { teachingClass: single.id, teachingClassStudents: [a.id] })).statusCode).toBe(201);
  });

  it('copies into a class a co-teacher was added to after the sources were made', async () => {
    const [t, co] = await Promise.all([signUp(s), signUp(s)]);
    const from = await createClass(s, t);
    const p = await addStudent(s, t, from.id);
    const to = await createClass(s, co);
    await addCoTeacher(s, from.id, co);
    expect((await copy(co, { teachingClass: to.id, teachingClassStudents: [p.id] })).statusCode).toBe(201);
  });
});
