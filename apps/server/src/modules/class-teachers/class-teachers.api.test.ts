import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, NotificationType, fullName } from '@skillroom/contract';
import { notifications, teachingClassTeachers, users } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addCoTeacher, classWithRoles, type TestUser } from '../../../test/classes';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let second: TestUser;
let rowId: (u: TestUser) => Promise<number>;
beforeAll(async () => {
  s = await startTestServer();
  w = await classWithRoles(s);
  second = await signUp(s, { firstName: 'Cleo' });
  await addCoTeacher(s, w.cls.id, second);
  rowId = async (u) => (await s.ctx.db.select().from(teachingClassTeachers).where(eq(teachingClassTeachers.teacherId, u.id)))[0]!.id;
  await s.ctx.db.update(users).set({ phone: '+44 20 7946 0000' }).where(eq(users.id, w.coteacher.id));
});
afterAll(() => s.close());

describe('GET /teaching-class-teachers and /teaching-class-teacher/{id}', () => {
  it.each([
    ['creator', 2, 200],
    ['coteacher', 2, 200],
    ['evaluator', 2, 200],
    ['linked', 0, 404],
    ['stranger', 0, 404],
  ] as const)('shows %s the co-teachers: %i listed, item %i', async (role, listed, status) => {
    const list = await s.api('GET', `${API}/teaching-class-teachers?teachingClass.id=${w.cls.id}`, { token: w[role].token });
    expect(list.statusCode).toBe(200);
    expect(list.json()['hydra:totalItems']).toBe(listed);
    const res = await s.api('GET', `${API}/teaching-class-teacher/${await rowId(w.coteacher)}`, { token: w[role].token });
    expect(res.statusCode).toBe(status);
    if (status === 200)
      expect(res.json()).toMatchObject({
        '@type': 'TeachingClassTeacher',
        teachingClass: `${API}/teaching-class/${w.cls.id}`,
        teacher: { '@id': `${API}/user/${w.coteacher.id}`, firstName: 'Test' },
        isViaInvitation: false,
      });
  });

  it('filters by teacher.id (and teacher_id spelling of relations) and refuses malformed ids', async () => {
    const get = (q: string) => s.api('GET', `${API}/teaching-class-teachers?${q}`, { token: w.creator.token });
    expect((await get(`teacher.id=${second.id}`)).json()['hydra:member'].map((m: { teacher: { id: number } }) => m.teacher.id)).toEqual([second.id]);
    expect((await get(`teaching_class.id=${w.cls.id}`)).json()['hydra:totalItems']).toBe(2);
    expect((await get('teacher.id=-1')).statusCode).toBe(400);
    expect((await s.api('GET', `${API}/teaching-class-teachers`)).statusCode).toBe(401);
  });
});

describe('DELETE /teaching-class-teacher/{id}', () => {
  it('refuses everyone but the creator and the co-teacher themselves', async () => {
    const id = await rowId(w.coteacher);
    for (const [u, status] of [
      [second, 403],
      [w.evaluator, 403],
      [w.linked, 404],
      [w.stranger, 404],
      [undefined, 401],
    ] as const) {
      expect((await s.api('DELETE', `${API}/teaching-class-teacher/${id}`, { token: u?.token })).statusCode).toBe(status);
    }
    expect(await rowId(w.coteacher)).toBe(id);
  });

  it('lets a co-teacher leave, without notifying anyone', async () => {
    const id = await rowId(second);
    expect((await s.api('DELETE', `${API}/teaching-class-teacher/${id}`, { token: second.token })).statusCode).toBe(204);
    expect((await s.api('GET', `${API}/teaching-class/${w.cls.id}`, { token: second.token })).statusCode).toBe(404);
    expect(await s.ctx.db.select().from(notifications)).toEqual([]);
    expect((await s.api('DELETE', `${API}/teaching-class-teacher/${id}`, { token: second.token })).statusCode).toBe(404);
  });

  it('lets the creator remove a co-teacher, who is notified (type 3) with nothing to open', async () => {
    const id = await rowId(w.coteacher);
    expect((await s.api('DELETE', `${API}/teaching-class-teacher/${id}`, { token: w.creator.token })).statusCode).toBe(204);
    const [n] = await s.ctx.db.select().from(notifications).where(eq(notifications.userId, w.coteacher.id));
    expect(n).toMatchObject({ notificationType: NotificationType.TeacherRemoved, entityType: EntityType.TeachingClassTeacher, entityId: id, path: null, title: 'Removed from a class' });
    expect((await s.api('GET', `${API}/teaching-class/${w.cls.id}`, { token: w.coteacher.token })).statusCode).toBe(404);
    await addCoTeacher(s, w.cls.id, w.coteacher);
  });
});

describe('GET /teachers and /teacher/{id}', () => {
  let schoolmate: TestUser;
  let parentAtSchool: TestUser;
  beforeAll(async () => {
    const school = (await s.api('POST', `${API}/school`, { token: w.creator.token, body: { name: `School ${Date.now()}` } })).json();
    const schoolRef = `${API}/school/${school.id}`;
    for (const u of [w.creator, w.stranger]) await s.api('PATCH', `${API}/user/${u.id}`, { token: u.token, body: { school: schoolRef } });
    schoolmate = w.stranger;
    parentAtSchool = await signUp(s, { accountTypeRadio: 'parent_user', school: schoolRef });
  });

  const ids = (res: { json: () => { 'hydra:member': { id: number }[] } }) => res.json()['hydra:member'].map((m) => m.id).sort((a, b) => a - b);

  it('lists the teachers the user works with or shares a school with (never parents)', async () => {
    const res = await s.api('GET', `${API}/teachers?itemsPerPage=100`, { token: w.creator.token });
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([w.creator.id, w.coteacher.id, schoolmate.id].sort((a, b) => a - b));
    expect(ids(res)).not.toContain(parentAtSchool.id);
    const byId = await s.api('GET', `${API}/teachers?id[]=${w.coteacher.id}&id[]=${w.evaluator.id}`, { token: w.creator.token });
    expect(ids(byId)).toEqual([w.coteacher.id]);
    // An evaluator works with the class's teachers; a teacher of another school sees only themselves.
    expect(ids(await s.api('GET', `${API}/teachers`, { token: w.evaluator.token }))).toEqual([w.creator.id, w.coteacher.id, w.evaluator.id].sort((a, b) => a - b));
    expect((await s.api('GET', `${API}/teachers?school.id=x`, { token: w.creator.token })).statusCode).toBe(400);
  });

  it('shows the phone only to teachers who share a class', async () => {
    const asCreator = await s.api('GET', `${API}/teacher/${w.coteacher.id}`, { token: w.creator.token });
    expect(asCreator.statusCode).toBe(200);
    expect(asCreator.json()).toMatchObject({ '@type': 'Teacher', '@id': `${API}/teacher/${w.coteacher.id}`, phone: '+44 20 7946 0000' });
    const asEvaluator = await s.api('GET', `${API}/teacher/${w.coteacher.id}`, { token: w.evaluator.token });
    expect(asEvaluator.statusCode).toBe(200);
    expect(asEvaluator.json()).not.toHaveProperty('phone');
    const asSchoolmate = await s.api('GET', `${API}/teacher/${w.creator.id}`, { token: schoolmate.token });
    expect(asSchoolmate.statusCode).toBe(200);
    expect(asSchoolmate.json()).not.toHaveProperty('phone');
  });

  it('shows a linked parent the teachers of their student’s class, without phone', async () => {
    const res = await s.api('GET', `${API}/teachers`, { token: w.linked.token });
    expect(ids(res)).toEqual([w.creator.id, w.coteacher.id].sort((a, b) => a - b));
    const one = await s.api('GET', `${API}/teacher/${w.coteacher.id}`, { token: w.linked.token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('phone');
  });

  it('answers 404 for a teacher the user does not work with, and for non-teachers', async () => {
    expect((await s.api('GET', `${API}/teacher/${w.coteacher.id}`, { token: schoolmate.token })).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/teacher/${parentAtSchool.id}`, { token: w.creator.token })).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/teacher/${w.creator.id}`)).statusCode).toBe(401);
  });
});

describe('owner change', () => {
  it('keeps the former owner as a co-teacher; the new owner hears they own it (8), the other teachers of the change (2)', async () => {
    const third = await signUp(s, { firstName: 'Dev' });
    await addCoTeacher(s, w.cls.id, third);
    const before = await s.ctx.db.select().from(notifications);
    const res = await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { creator: `${API}/user/${w.coteacher.id}` } });
    expect(res.statusCode).toBe(200);
    const [row] = await s.ctx.db.select().from(teachingClassTeachers).where(eq(teachingClassTeachers.teacherId, w.creator.id));
    expect(row).toMatchObject({ teachingClassId: w.cls.id, isViaInvitation: false });
    const made = (await s.ctx.db.select().from(notifications)).filter((n) => !before.some((b) => b.id === n.id));
    const to = (u: TestUser) => made.filter((n) => n.userId === u.id).map((n) => n.notificationType);
    expect(to(w.coteacher)).toEqual([NotificationType.ClassOwned]);
    expect(to(third)).toEqual([NotificationType.TeacherCreated]);
    expect(to(w.creator)).toEqual([]);
    expect(made.find((n) => n.userId === third.id)).toMatchObject({
      entityType: EntityType.TeachingClassTeacher,
      entityId: row!.id,
      path: `/teaching-class/${w.cls.id}`,
    });
    // The new owner reads it through the API, with the class and the former owner named.
    const [owned] = (await s.api('GET', `${API}/notifications?itemsPerPage=1`, { token: w.coteacher.token })).json()['hydra:member'];
    expect(owned).toMatchObject({
      notificationType: NotificationType.ClassOwned,
      entityType: EntityType.TeachingClass,
      entityId: w.cls.id,
      path: `/teaching-class/${w.cls.id}`,
      title: 'You now own a class',
      message: `You now own ${w.cls.name}: ${fullName(w.creator.user)} handed it over and stays as a co-teacher.`,
    });
  });
});
