import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, addStudent, createClass, type TestUser } from '../../../test/classes';
import { dbKind, signUp, startTestServer, type TestServer } from '../../../test/harness';

/**
 * DESIGN §4: the same answer to a request twice is one answer (200, nothing more written), the other answer a 409.
 * Sent all at once: on PostgreSQL these race for real (PGlite runs them one after another), and each kind of
 * request must end with exactly one co-teacher or one link, one notification, and the same answer for everyone.
 */
let s: TestServer;
let creator: TestUser;
let cls: { id: number; invitationCode: string };
beforeAll(async () => {
  s = await startTestServer();
  creator = await signUp(s);
  cls = await createClass(s, creator);
});
afterAll(() => s.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await s.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const all = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));
const post = (u: TestUser, path: string) => s.api('POST', `${API}/${path}`, { token: u.token });

async function teacherRequest() {
  const teacher = await signUp(s);
  const res = await s.api('POST', `${API}/teaching-class-teacher-invitation`, {
    token: teacher.token,
    body: { invitationCode: cls.invitationCode },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { teacher, id: res.json().id as number };
}

async function linkRequest() {
  const parent = await signUp(s, { accountTypeRadio: 'parent_user' });
  const place = await addStudent(s, creator, cls.id);
  const res = await s.api('POST', `${API}/student-profile-user-invitation`, {
    token: parent.token,
    body: { invitationCode: place.invitationCode },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { parent, id: res.json().id as number };
}

const coTeachers = (userId: number) =>
  count(sql`select count(*)::int as n from teaching_class_teacher where teaching_class_id = ${cls.id} and teacher_id = ${userId}`);
const links = (userId: number) => count(sql`select count(*)::int as n from student_profile_user where user_id = ${userId}`);
const notices = (userId: number, type: number) =>
  count(sql`select count(*)::int as n from notification where user_id = ${userId} and notification_type = ${type}`);

describe(`ten identical answers at once are one answer (${dbKind})`, () => {
  it('ten accepts of one request to join: ten 200s, one co-teacher, one notification', async () => {
    const { teacher, id } = await teacherRequest();
    const answers = await all(10, () => post(creator, `teaching-class-teacher-invitation/${id}/accept`));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().isApproved))).toEqual(new Set([true]));
    expect(await coTeachers(teacher.id)).toBe(1);
    expect(await notices(teacher.id, 5)).toBe(1);
  });

  it('ten rejects of one request to join: ten 200s, no co-teacher', async () => {
    const { teacher, id } = await teacherRequest();
    const answers = await all(10, () => post(creator, `teaching-class-teacher-invitation/${id}/reject`));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.json().isApproved))).toEqual(new Set([false]));
    expect(await coTeachers(teacher.id)).toBe(0);
  });

  it('ten accepts of one link request: ten 200s, one link, one notification', async () => {
    const { parent, id } = await linkRequest();
    const answers = await all(10, () => post(creator, `student-profile-user-invitation/${id}/accept`));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await links(parent.id)).toBe(1);
    expect(await notices(parent.id, 7)).toBe(1);
  });

  it('ten rejects of one link request: ten 200s, no link', async () => {
    const { parent, id } = await linkRequest();
    const answers = await all(10, () => post(creator, `student-profile-user-invitation/${id}/reject`));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await links(parent.id)).toBe(0);
  });
});

describe(`an accept racing a reject: one wins, the other is a 409 (${dbKind})`, () => {
  it.each([
    ['teaching-class-teacher-invitation', teacherRequest, (r: { teacher: TestUser }) => coTeachers(r.teacher.id)],
    ['student-profile-user-invitation', linkRequest, (r: { parent: TestUser }) => links(r.parent.id)],
  ] as const)('%s, five rounds', async (path, request, made) => {
    for (let round = 0; round < 5; round++) {
      const r = await request();
      const [accept, reject] = await Promise.all([post(creator, `${path}/${r.id}/accept`), post(creator, `${path}/${r.id}/reject`)]);
      const codes = [accept.statusCode, reject.statusCode].sort();
      expect(codes, `${accept.body} ${reject.body}`).toEqual([200, 409]);
      const acceptWon = accept.statusCode === 200;
      expect(await made(r as never)).toBe(acceptWon ? 1 : 0);
      const after = await s.api('GET', `${API}/${path}/${r.id}`, { token: creator.token });
      expect(after.json().isApproved).toBe(acceptWon);
      // A 409 is Hydra, and says why.
      const loser = acceptWon ? reject : accept;
      expect(loser.json()['@type']).toBe('hydra:Error');
    }
  });
});
