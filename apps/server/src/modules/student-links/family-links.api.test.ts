import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, EntityType, MediaType, NotificationType, type HydraCollection, type Rating } from '@skillroom/contract';
import { notifications, studentProfileUserInvitations, studentProfileUsers } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addCoTeacher, classWithRoles, createClass, linkUser, type TestUser } from '../../../test/classes';
import { fetchBare, jpegWithGps, upload } from '../../../test/media';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

/*
 * DESIGN §2: a link is to one class. The scenario: a parent linked in class A; a teacher of A who runs class B
 * copies the child into B. Nothing of B reaches the parent until a teacher of B extends (or approves) a link there.
 */

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let teacherB: TestUser;
let coteacherB: TestUser;
let otherParent: TestUser;
let classB: { id: number; name: string };
let placeB: number;
let studentId: number;
let ratingA: Rating;
let ratingB: Rating;
let wholeB: Rating;
let photoB: number;

const get = (u: TestUser, url: string) => s.api('GET', `${API}${url}`, { token: u.token });
const ids = async (u: TestUser, url: string) => {
  const res = await get(u, url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as HydraCollection<{ id: number }>)['hydra:member'].map((m) => m.id).sort((a, b) => a - b);
};
const linkOf = async (u: TestUser, placeId: number) =>
  (
    await s.ctx.db
      .select()
      .from(studentProfileUsers)
      .where(and(eq(studentProfileUsers.userId, u.id), eq(studentProfileUsers.teachingClassStudentId, placeId)))
  )[0];

beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  [teacherB, coteacherB, otherParent] = await Promise.all([signUp(s), signUp(s), signUp(s, { accountTypeRadio: 'parent_user' })]);
  await linkUser(s, w.second, otherParent);
  // A teacher of A (so they may copy from it) runs class B and copies the first student into it.
  await addCoTeacher(s, w.cls.id, teacherB);
  classB = await createClass(s, teacherB, { name: 'Year 5 Birch' });
  await addCoTeacher(s, classB.id, coteacherB);
  const copied = await s.api('POST', `${API}/teaching-class-student/copy`, {
    token: teacherB.token,
    body: { teachingClass: classB.id, teachingClassStudents: [w.first.id] },
  });
  expect(copied.statusCode, copied.body).toBe(201);
  placeB = copied.json()['hydra:member'][0].id;
  studentId = Number(w.first.student.split('/').pop());
  const actionA = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
  const actionB = (await classSkills(s, teacherB, classB.id))[0]!.learningActions[0]!.id;
  ratingA = await rate(s, w.creator, w.cls.id, actionA, { students: [w.first.id], description: 'In class A' });
  const up = await upload(s, teacherB.token, MediaType.RatingPhoto, {
    filename: 'b.jpg',
    type: 'image/jpeg',
    content: await jpegWithGps(),
  });
  photoB = up.json().id;
  ratingB = await rate(s, teacherB, classB.id, actionB, {
    students: [placeB],
    description: 'custody note',
    medias: [`${API}/media/${photoB}`],
  });
  wholeB = await rate(s, teacherB, classB.id, actionB, { students: [], description: 'Whole class B' });
});
afterAll(() => s.close());

describe('family links are per class (DESIGN §2)', () => {
  it('shows a parent linked in A nothing of the class B their child was copied into', async () => {
    const p = w.linked;
    expect(await ids(p, '/ratings')).toEqual([ratingA.id]);
    expect(await ids(p, `/ratings?ratingStudents.student.id=${studentId}`)).toEqual([ratingA.id]);
    expect(await ids(p, `/ratings?students.id=${placeB}`)).toEqual([]);
    expect((await get(p, `/rating/${ratingB.id}`)).statusCode).toBe(404);
    expect((await get(p, `/rating/${wholeB.id}`)).statusCode).toBe(404);
    expect(await ids(p, `/teaching-class-students?student.id=${studentId}`)).toEqual([w.first.id]);
    expect((await get(p, `/teaching-class-student/${placeB}`)).statusCode).toBe(404);
    const report = await get(p, `/report/student/${studentId}?startDate=2026-01-01&endDate=2026-12-31`);
    expect(report.statusCode).toBe(200);
    expect(report.json().totals.ratings).toBe(1);
    expect((await get(p, `/report/student/${studentId}?teachingClassId=${classB.id}`)).statusCode).toBe(404);
    expect((await fetchBare(s, `/media/${photoB}`, { authorization: `Bearer ${p.token}` })).statusCode).toBe(403);
    expect((await get(p, `/rating-medias?rating.id=${ratingB.id}`)).json()['hydra:totalItems']).toBe(0);
    // Who teaches B only is no one the parent works with yet.
    expect((await get(p, `/user/${coteacherB.id}`)).statusCode).toBe(404);
  });

  it('lists the links of the student in every class they teach to a teacher of B, naming the class', async () => {
    const res = await get(teacherB, `/student-profile-users?student.id=${studentId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()['hydra:member']).toEqual([
      expect.objectContaining({
        teachingClass: expect.objectContaining({ id: w.cls.id, name: w.cls.name }),
        user: expect.objectContaining({ id: w.linked.id }),
      }),
    ]);
  });

  it('refuses to extend a link for anyone but the teachers of the target class, to another student, or twice', async () => {
    const link = (await linkOf(w.linked, w.first.id))!;
    const extend = (u: TestUser, body: unknown, id = link.id) =>
      s.api('POST', `${API}/student-profile-user/${id}/extend`, { token: u.token, body });
    const cases: [TestUser, unknown, number, string][] = [
      [w.linked, { teachingClassStudent: placeB }, 400, ACCESS_MESSAGES.extendPlace],
      [otherParent, { teachingClassStudent: placeB }, 404, 'not found'],
      [w.stranger, { teachingClassStudent: placeB }, 404, 'not found'],
      [w.evaluator, { teachingClassStudent: placeB }, 404, 'not found'],
      [teacherB, { teachingClassStudent: w.second.id }, 400, ACCESS_MESSAGES.extendSameStudent],
      [teacherB, { teachingClassStudent: w.first.id }, 409, ACCESS_MESSAGES.alreadyLinkedThere],
      [teacherB, { teachingClassStudent: 999999 }, 400, ACCESS_MESSAGES.extendPlace],
      [teacherB, {}, 400, 'teachingClassStudent'],
      [teacherB, { teachingClassStudent: placeB, extra: 1 }, 400, 'extra'],
    ];
    for (const [u, body, status, text] of cases) {
      const res = await extend(u, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.body).toContain(text);
    }
    expect((await extend(teacherB, { teachingClassStudent: placeB }, 999999)).statusCode).toBe(404);
    expect(await linkOf(w.linked, placeB)).toBeUndefined();
  });

  it('lets a co-teacher of B extend the link in one call: B becomes visible and the parent is notified (7)', async () => {
    const link = (await linkOf(w.linked, w.first.id))!;
    const runs = await Promise.all(
      Array.from({ length: 4 }, () =>
        s.api('POST', `${API}/student-profile-user/${link.id}/extend`, {
          token: coteacherB.token,
          body: { teachingClassStudent: `${API}/teaching-class-student/${placeB}` },
        }),
      ),
    );
    expect(runs.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const made = runs.find((r) => r.statusCode === 201)!.json();
    expect(made).toMatchObject({
      '@type': 'StudentProfileUser',
      teachingClass: { id: classB.id, name: classB.name },
      teachingClassStudent: `${API}/teaching-class-student/${placeB}`,
      user: { id: w.linked.id },
    });
    const inv = await s.ctx.db
      .select()
      .from(studentProfileUserInvitations)
      .where(eq(studentProfileUserInvitations.teachingClassStudentId, placeB));
    expect(inv).toEqual([expect.objectContaining({ userId: w.linked.id, isApproved: true })]);
    const sent = await s.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, w.linked.id),
          eq(notifications.notificationType, NotificationType.StudentProfileUserInvitationAccepted),
        ),
      );
    expect(sent).toEqual([
      expect.objectContaining({
        notificationType: NotificationType.StudentProfileUserInvitationAccepted,
        entityType: EntityType.StudentProfileUserInvitation,
        entityId: inv[0]!.id,
        path: `/student/${placeB}`,
      }),
    ]);

    const p = w.linked;
    expect(await ids(p, '/ratings')).toEqual([ratingA.id, ratingB.id, wholeB.id].sort((a, b) => a - b));
    expect((await get(p, `/rating/${ratingB.id}`)).statusCode).toBe(200);
    expect(await ids(p, `/teaching-class-students?student.id=${studentId}`)).toEqual([w.first.id, placeB].sort((a, b) => a - b));
    expect(
      (await get(p, `/report/student/${studentId}?teachingClassId=${classB.id}&startDate=2026-01-01&endDate=2026-12-31`)).json().totals
        .ratings,
    ).toBe(2);
    expect((await fetchBare(s, `/media/${photoB}`, { authorization: `Bearer ${p.token}` })).statusCode).toBe(200);
    expect((await get(p, `/user/${coteacherB.id}`)).statusCode).toBe(200);
    // The other parent, linked to another child of A, still sees nothing of B.
    expect((await get(otherParent, `/rating/${ratingB.id}`)).statusCode).toBe(404);
    expect((await get(otherParent, `/rating/${wholeB.id}`)).statusCode).toBe(404);
  });

  it("lets a linked user remove only their own link; a teacher only their class's", async () => {
    const own = (await linkOf(w.linked, placeB))!;
    const other = (await linkOf(otherParent, w.second.id))!;
    const del = (u: TestUser, id: number) => s.api('DELETE', `${API}/student-profile-user/${id}`, { token: u.token });
    expect((await del(w.linked, other.id)).statusCode).toBe(404);
    expect((await del(w.stranger, own.id)).statusCode).toBe(404);
    expect((await del(w.evaluator, own.id)).statusCode).toBe(404);
    // A teacher of B sees the A link (they teach the student), but only A's teachers may remove it.
    const a = (await linkOf(w.linked, w.first.id))!;
    const forbidden = await del(coteacherB, a.id);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).toContain(ACCESS_MESSAGES.unlink);
    const [first, second] = await Promise.all([del(w.linked, own.id), del(w.linked, own.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([204, 404]);
    expect(await linkOf(w.linked, placeB)).toBeUndefined();
    expect((await get(w.linked, `/rating/${ratingB.id}`)).statusCode).toBe(404);
    expect((await get(w.linked, `/rating/${ratingA.id}`)).statusCode).toBe(200);
    expect((await del(w.coteacher, a.id)).statusCode).toBe(204);
    expect((await get(w.linked, `/rating/${ratingA.id}`)).statusCode).toBe(404);
  });
});
