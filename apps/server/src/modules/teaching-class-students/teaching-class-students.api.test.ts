import { count } from 'drizzle-orm';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, teachingClassStudents } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles, createClass, makeMedia } from '../../../test/classes';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
beforeAll(async () => {
  s = await startTestServer();
  w = await classWithRoles(s);
});
afterAll(() => s.close());

type Role = 'creator' | 'coteacher' | 'evaluator' | 'linked' | 'stranger';
const placeCount = async () => (await s.ctx.db.select({ n: count() }).from(teachingClassStudents))[0]!.n;
const studentCount = async () => (await s.ctx.db.select({ n: count() }).from(students))[0]!.n;
const ids = (body: { 'hydra:member': { id: number }[] }) => body['hydra:member'].map((m) => m.id);

describe('GET /teaching-class-student/{id}', () => {
  it.each([
    ['creator', 200, true],
    ['coteacher', 200, true],
    ['evaluator', 200, false],
    ['linked', 200, false],
    ['stranger', 404, false],
  ] as const)('answers %s with %i (invitation code shown: %s)', async (role, status, code) => {
    const res = await s.api('GET', `${API}/teaching-class-student/${w.first.id}`, { token: w[role].token });
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    expect(res.json()).toMatchObject({ '@context': '/api/contexts/TeachingClassStudent', '@id': `${API}/teaching-class-student/${w.first.id}`, firstName: 'Amara', lastName: 'Okafor', teachingClass: `${API}/teaching-class/${w.cls.id}`, student: w.first.student });
    expect('invitationCode' in res.json()).toBe(code);
  });

  it("shows a linked user their student's places only, and answers 401 without a token", async () => {
    expect((await s.api('GET', `${API}/teaching-class-student/${w.second.id}`, { token: w.linked.token })).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/teaching-class-student/${w.first.id}`)).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/teaching-class-student/999999`, { token: w.creator.token })).statusCode).toBe(404);
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
    const res = await s.api('GET', `${API}/teaching-class-students?teachingClass.id=${w.cls.id}`, { token: w[role].token });
    expect(res.statusCode).toBe(200);
    expect(res.json()['hydra:totalItems']).toBe(n);
  });

  it('filters by several classes, by student and by invitation code', async () => {
    const other = await createClass(s, w.creator, { name: 'Other' });
    const p = await addStudent(s, w.creator, other.id, { firstName: 'Chen' });
    const q = (qs: string, role: Role = 'creator') => s.api('GET', `${API}/teaching-class-students?${qs}`, { token: w[role].token }).then((r) => r.json());
    expect(ids(await q(`teachingClass.id[]=${w.cls.id}&teachingClass.id[]=${other.id}`)).sort()).toEqual([w.first.id, w.second.id, p.id].sort());
    expect(ids(await q(`student.id=${w.first.student.split('/').pop()}`))).toEqual([w.first.id]);
    expect(ids(await q(`invitationCode=${w.second.invitationCode.toLowerCase()}`))).toEqual([w.second.id]);
    expect(ids(await q(`invitationCode=${w.second.invitationCode}`, 'stranger'))).toEqual([]);
    expect(ids(await q(`teachingClass.id=${other.id}`, 'evaluator'))).toEqual([]);
  });

  it('answers 400 for a malformed filter and 401 without a token', async () => {
    const bad = await s.api('GET', `${API}/teaching-class-students?teachingClass.id=abc`, { token: w.creator.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations[0].propertyPath).toBe('teachingClass.id');
    expect((await s.api('GET', `${API}/teaching-class-students`)).statusCode).toBe(401);
  });
});

describe('POST /teaching-class-student', () => {
  it('lets the creator and co-teachers add a student: a new Student and a place with its own code', async () => {
    const predefined = await makeMedia(s, MediaType.PredefinedStudentAvatar);
    const own = await makeMedia(s, MediaType.StudentAvatar, w.coteacher.id);
    for (const [u, avatar] of [
      [w.creator, `${API}/media/${predefined.id}`],
      [w.coteacher, own.id],
    ] as const) {
      const res = await s.api('POST', `${API}/teaching-class-student`, { token: u.token, body: { teachingClass: { '@id': `${API}/teaching-class/${w.cls.id}` }, firstName: ' Dara ', lastName: 'Ali', code: 'D-7', avatar } });
      expect(res.statusCode).toBe(201);
      const p = res.json();
      expect(p).toMatchObject({ firstName: 'Dara', lastName: 'Ali', code: 'D-7', creator: `${API}/user/${u.id}`, invitationCode: expect.stringMatching(/^[2-9A-HJKMNP-Z]{8}$/) });
      const student = await s.api('GET', p.student, { token: u.token });
      expect(student.json()).toMatchObject({ '@type': 'Student', firstName: 'Dara', lastName: 'Ali', code: 'D-7', avatar: { mediaType: expect.any(Number) } });
    }
  });

  it.each([
    ['evaluator', 403, ''],
    ['linked', 400, 'teachingClass'],
    ['stranger', 400, 'teachingClass'],
  ] as const)('refuses %s with %i and writes nothing', async (role, status, path) => {
    const before = [await placeCount(), await studentCount()];
    const res = await s.api('POST', `${API}/teaching-class-student`, { token: w[role].token, body: { teachingClass: w.cls.id, firstName: 'Eve' } });
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
    const res = await s.api('POST', `${API}/teaching-class-student`, { token: w.creator.token, body: { teachingClass: w.cls.id, firstName: 'Fay', ...patch } });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(path);
    expect([await placeCount(), await studentCount()]).toEqual(before);
  });

  it("refuses someone else's upload and a class avatar as a student avatar, and answers 401 without a token", async () => {
    for (const m of [await makeMedia(s, MediaType.StudentAvatar, w.stranger.id), await makeMedia(s, MediaType.TeachingClassAvatar, w.creator.id)]) {
      const res = await s.api('POST', `${API}/teaching-class-student`, { token: w.creator.token, body: { teachingClass: w.cls.id, firstName: 'Gus', avatar: m.id } });
      expect(res.json().violations[0].propertyPath).toBe('avatar');
    }
    expect((await s.api('POST', `${API}/teaching-class-student`, { body: { teachingClass: w.cls.id, firstName: 'Gus' } })).statusCode).toBe(401);
  });
});

describe('PATCH and DELETE /teaching-class-student/{id}', () => {
  it.each([
    ['evaluator', 403],
    ['linked', 403],
    ['stranger', 404],
  ] as const)('refuses %s with %i and changes nothing', async (role, status) => {
    expect((await s.api('PATCH', `${API}/teaching-class-student/${w.first.id}`, { token: w[role].token, body: { firstName: 'Hacked' } })).statusCode).toBe(status);
    expect((await s.api('DELETE', `${API}/teaching-class-student/${w.first.id}`, { token: w[role].token })).statusCode).toBe(status);
    expect((await s.api('GET', `${API}/teaching-class-student/${w.first.id}`, { token: w.creator.token })).json().firstName).toBe('Amara');
    expect((await s.api('PATCH', `${API}/teaching-class-student/${w.first.id}`, { body: { firstName: 'x' } })).statusCode).toBe(401);
    expect((await s.api('DELETE', `${API}/teaching-class-student/${w.first.id}`)).statusCode).toBe(401);
  });

  it('lets a co-teacher edit a place; the Student follows while it is their only place', async () => {
    const p = await addStudent(s, w.creator, w.cls.id, { firstName: 'Ibrahim', lastName: 'Typo' });
    const res = await s.api('PATCH', `${API}/teaching-class-student/${p.id}`, { token: w.coteacher.token, body: { lastName: 'Haddad', code: '12' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Ibrahim', lastName: 'Haddad', code: '12' });
    expect((await s.api('GET', p.student, { token: w.creator.token })).json()).toMatchObject({ lastName: 'Haddad', code: '12' });
    const bad = await s.api('PATCH', `${API}/teaching-class-student/${p.id}`, { token: w.coteacher.token, body: { firstName: '', teachingClass: 1 } });
    expect(bad.statusCode).toBe(400);
  });

  it('lets a co-teacher remove a student; a Student left in no class goes too', async () => {
    const p = await addStudent(s, w.creator, w.cls.id, { firstName: 'Jonah' });
    expect((await s.api('DELETE', `${API}/teaching-class-student/${p.id}`, { token: w.coteacher.token })).statusCode).toBe(204);
    expect((await s.api('GET', `${API}/teaching-class-student/${p.id}`, { token: w.creator.token })).statusCode).toBe(404);
    expect((await s.api('GET', p.student, { token: w.creator.token })).statusCode).toBe(404);
  });

  it('keeps the Student when they still have a place elsewhere', async () => {
    const t = await signUp(s);
    const a = await createClass(s, t);
    const b = await createClass(s, t);
    const p = await addStudent(s, t, a.id);
    const copied = (await s.api('POST', `${API}/teaching-class-student/copy`, { token: t.token, body: { teachingClass: b.id, teachingClassStudents: [p.id] } })).json();
    expect((await s.api('DELETE', `${API}/teaching-class-student/${p.id}`, { token: t.token })).statusCode).toBe(204);
    expect((await s.api('GET', p.student, { token: t.token })).statusCode).toBe(200);
    expect(copied['hydra:member'][0].student).toBe(p.student);
  });
});
