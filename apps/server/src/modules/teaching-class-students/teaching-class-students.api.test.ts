import { count } from 'drizzle-orm';
import { MediaType } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { students, teachingClassStudents } from '../../db/schema';
import { signUp } from '../../../test/harness';
import { API, addStudent, createClass, makeMedia, withClassRoles } from '../../../test/classes';

const t = withClassRoles();

type Role = 'creator' | 'coteacher' | 'evaluator' | 'linked' | 'stranger';
const placeCount = async () => (await t.s.ctx.db.select({ n: count() }).from(teachingClassStudents))[0]!.n;
const studentCount = async () => (await t.s.ctx.db.select({ n: count() }).from(students))[0]!.n;
const ids = (body: { 'hydra:member': { id: number }[] }) => body['hydra:member'].map((m) => m.id);

describe('GET /teaching-class-student/{id}', () => {
  it.each([
    ['creator', 200, true],
    ['coteacher', 200, true],
    ['evaluator', 200, false],
    ['linked', 200, false],
    ['stranger', 404, false],
  ] as const)('answers %s with %i (invitation code shown: %s)', async (role, status, code) => {
    const res = await t.s.api('GET', `${API}/teaching-class-student/${t.w.first.id}`, { token: t.w[role].token });
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    expect(res.json()).toMatchObject({
      '@context': '/api/contexts/TeachingClassStudent',
      '@id': `${API}/teaching-class-student/${t.w.first.id}`,
      firstName: 'Amara',
      lastName: 'Okafor',
      teachingClass: `${API}/teaching-class/${t.w.cls.id}`,
      student: t.w.first.student,
    });
    expect('invitationCode' in res.json()).toBe(code);
  });

  it("shows a linked user their student's places only, and answers 401 without a token", async () => {
    expect((await t.s.api('GET', `${API}/teaching-class-student/${t.w.second.id}`, { token: t.w.linked.token })).statusCode).toBe(404);
    expect((await t.s.api('GET', `${API}/teaching-class-student/${t.w.first.id}`)).statusCode).toBe(401);
    expect((await t.s.api('GET', `${API}/teaching-class-student/999999`, { token: t.w.creator.token })).statusCode).toBe(404);
  });
});

describe('GET /teaching-class-students', () => {
  it.each([
    ['creator', 2],
    ['coteacher', 2],
    ['evaluator', 2],
    ['linked', 1],
    ['stranger', 0],
  ] as const)('gives %s the %i places they may see in the class', async (role, n) => {
    const res = await t.s.api('GET', `${API}/teaching-class-students?teachingClass.id=${t.w.cls.id}`, { token: t.w[role].token });
    expect(res.statusCode).toBe(200);
    expect(res.json()['hydra:totalItems']).toBe(n);
  });

  it('filters by several classes, by student and by invitation code', async () => {
    const other = await createClass(t.s, t.w.creator, { name: 'Other' });
    const p = await addStudent(t.s, t.w.creator, other.id, { firstName: 'Chen' });
    const q = (qs: string, role: Role = 'creator') =>
      t.s.api('GET', `${API}/teaching-class-students?${qs}`, { token: t.w[role].token }).then((r) => r.json());
    expect(ids(await q(`teachingClass.id[]=${t.w.cls.id}&teachingClass.id[]=${other.id}`)).sort()).toEqual(
      [t.w.first.id, t.w.second.id, p.id].sort(),
    );
    expect(ids(await q(`student.id=${t.w.first.student.split('/').pop()}`))).toEqual([t.w.first.id]);
    expect(ids(await q(`invitationCode=${t.w.second.invitationCode.toLowerCase()}`))).toEqual([t.w.second.id]);
    expect(ids(await q(`invitationCode=${t.w.second.invitationCode}`, 'stranger'))).toEqual([]);
    expect(ids(await q(`teachingClass.id=${other.id}`, 'evaluator'))).toEqual([]);
  });

  it('answers 400 for a malformed filter and 401 without a token', async () => {
    const bad = await t.s.api('GET', `${API}/teaching-class-students?teachingClass.id=abc`, { token: t.w.creator.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations[0].propertyPath).toBe('teachingClass.id');
    expect((await t.s.api('GET', `${API}/teaching-class-students`)).statusCode).toBe(401);
  });
});

describe('POST /teaching-class-student', () => {
  it('lets the creator and co-teachers add a student: a new Student and a place with its own code', async () => {
    const predefined = await makeMedia(t.s, MediaType.PredefinedStudentAvatar);
    const own = await makeMedia(t.s, MediaType.StudentAvatar, t.w.coteacher.id);
    for (const [u, avatar] of [
      [t.w.creator, `${API}/media/${predefined.id}`],
      [t.w.coteacher, own.id],
    ] as const) {
      const res = await t.s.api('POST', `${API}/teaching-class-student`, {
        token: u.token,
        body: {
          teachingClass: { '@id': `${API}/teaching-class/${t.w.cls.id}` },
          firstName: ' Dara ',
          lastName: 'Ali',
          code: 'D-7',
          avatar,
        },
      });
      expect(res.statusCode).toBe(201);
      const p = res.json();
      expect(p).toMatchObject({
        firstName: 'Dara',
        lastName: 'Ali',
        code: 'D-7',
        creator: `${API}/user/${u.id}`,
        invitationCode: expect.stringMatching(/^[2-9A-HJKMNP-Z]{8}$/),
      });
      const student = await t.s.api('GET', p.student, { token: u.token });
      expect(student.json()).toMatchObject({
        '@type': 'Student',
        firstName: 'Dara',
        lastName: 'Ali',
        code: 'D-7',
        avatar: { mediaType: expect.any(Number) },
      });
    }
  });

  it.each([
    ['evaluator', 403, ''],
    ['linked', 400, 'teachingClass'],
    ['stranger', 400, 'teachingClass'],
  ] as const)('refuses %s with %i and writes nothing', async (role, status, path) => {
    const before = [await placeCount(), await studentCount()];
    const res = await t.s.api('POST', `${API}/teaching-class-student`, {
      token: t.w[role].token,
      body: { teachingClass: t.w.cls.id, firstName: 'Eve' },
    });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json()['hydra:description']).toBe('You are not authorized to manage this teaching class student.');
    else expect(res.json().violations).toEqual([{ propertyPath: path, message: 'This teaching class does not exist.' }]);
    expect([await placeCount(), await studentCount()]).toEqual(before);
  });

  it.each([
    ['no first name', { firstName: undefined }, 'firstName'],
    ['a first name of the wrong type', { firstName: 42 }, 'firstName'],
    ['an unknown class', { teachingClass: 999999 }, 'teachingClass'],
    ['a class reference that is not one', { teachingClass: 'nonsense' }, 'teachingClass'],
    ['an unknown avatar', { avatar: 999999 }, 'avatar'],
    ['a field the API does not take', { colour: 'red' }, ''],
  ])('answers 400 for %s and writes nothing', async (_label, patch, path) => {
    const before = [await placeCount(), await studentCount()];
    const res = await t.s.api('POST', `${API}/teaching-class-student`, {
      token: t.w.creator.token,
      body: { teachingClass: t.w.cls.id, firstName: 'Fay', ...patch },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(path);
    expect([await placeCount(), await studentCount()]).toEqual(before);
  });

  it("refuses someone else's upload and a class avatar as a student avatar, and answers 401 without a token", async () => {
    for (const m of [
      await makeMedia(t.s, MediaType.StudentAvatar, t.w.stranger.id),
      await makeMedia(t.s, MediaType.TeachingClassAvatar, t.w.creator.id),
    ]) {
      const res = await t.s.api('POST', `${API}/teaching-class-student`, {
        token: t.w.creator.token,
        body: { teachingClass: t.w.cls.id, firstName: 'Gus', avatar: m.id },
      });
      expect(res.json().violations[0].propertyPath).toBe('avatar');
    }
    expect(
      (await t.s.api('POST', `${API}/teaching-class-student`, { body: { teachingClass: t.w.cls.id, firstName: 'Gus' } })).statusCode,
    ).toBe(401);
  });
});

describe('PATCH and DELETE /teaching-class-student/{id}', () => {
  it.each([
    ['evaluator', 403],
    ['linked', 403],
    ['stranger', 404],
  ] as const)('refuses %s with %i and changes nothing', async (role, status) => {
    expect(
      (await t.s.api('PATCH', `${API}/teaching-class-student/${t.w.first.id}`, { token: t.w[role].token, body: { firstName: 'Hacked' } }))
        .statusCode,
    ).toBe(status);
    expect((await t.s.api('DELETE', `${API}/teaching-class-student/${t.w.first.id}`, { token: t.w[role].token })).statusCode).toBe(status);
    expect((await t.s.api('GET', `${API}/teaching-class-student/${t.w.first.id}`, { token: t.w.creator.token })).json().firstName).toBe(
      'Amara',
    );
    expect((await t.s.api('PATCH', `${API}/teaching-class-student/${t.w.first.id}`, { body: { firstName: 'x' } })).statusCode).toBe(401);
    expect((await t.s.api('DELETE', `${API}/teaching-class-student/${t.w.first.id}`)).statusCode).toBe(401);
  });

  it('lets a co-teacher edit a place; the Student follows while it is their only place', async () => {
    const p = await addStudent(t.s, t.w.creator, t.w.cls.id, { firstName: 'Ibrahim', lastName: 'Typo' });
    const res = await t.s.api('PATCH', `${API}/teaching-class-student/${p.id}`, {
      token: t.w.coteacher.token,
      body: { lastName: 'Haddad', code: '12' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Ibrahim', lastName: 'Haddad', code: '12' });
    expect((await t.s.api('GET', p.student, { token: t.w.creator.token })).json()).toMatchObject({ lastName: 'Haddad', code: '12' });
    const bad = await t.s.api('PATCH', `${API}/teaching-class-student/${p.id}`, {
      token: t.w.coteacher.token,
      body: { firstName: '', teachingClass: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets a co-teacher remove a student; a Student left in no class goes too', async () => {
    const p = await addStudent(t.s, t.w.creator, t.w.cls.id, { firstName: 'Jonah' });
    expect((await t.s.api('DELETE', `${API}/teaching-class-student/${p.id}`, { token: t.w.coteacher.token })).statusCode).toBe(204);
    expect((await t.s.api('GET', `${API}/teaching-class-student/${p.id}`, { token: t.w.creator.token })).statusCode).toBe(404);
    expect((await t.s.api('GET', p.student, { token: t.w.creator.token })).statusCode).toBe(404);
  });

  it('keeps the Student when they still have a place elsewhere', async () => {
    const teacher = await signUp(t.s);
    const a = await createClass(t.s, teacher);
    const b = await createClass(t.s, teacher);
    const p = await addStudent(t.s, teacher, a.id);
    const copied = (
      await t.s.api('POST', `${API}/teaching-class-student/copy`, {
        token: teacher.token,
        body: { teachingClass: b.id, teachingClassStudents: [p.id] },
      })
    ).json();
    expect((await t.s.api('DELETE', `${API}/teaching-class-student/${p.id}`, { token: teacher.token })).statusCode).toBe(204);
    expect((await t.s.api('GET', p.student, { token: teacher.token })).statusCode).toBe(200);
    expect(copied['hydra:member'][0].student).toBe(p.student);
  });
});
