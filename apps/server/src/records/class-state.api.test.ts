import { sql } from 'drizzle-orm';
import { CLASS_MESSAGES, INVITATION_MESSAGES, MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startTestServer, type TestServer } from '../../test/harness';
import { API, addStudent, classWithRoles, createClass, linkUser, type TestUser } from '../../test/classes';
import { uploadImage } from '../../test/erasure';
import { classSkills, rate, ratingBody, seedSkills } from '../../test/ratings';

/** DESIGN §7: a finished class is read-only until its creator reopens it; every write to its content answers 409. */

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let x: Awaited<ReturnType<typeof setup>>;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  x = await setup();
}, 300_000);
afterAll(() => s.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await s.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const call = (u: TestUser, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  s.api(method, `${API}${path}`, { token: u.token, body });
const finish = (isFinished: boolean, u: TestUser = w.creator) => call(u, 'PATCH', `/teaching-class/${w.cls.id}`, { isFinished });

/** Everything a write could touch, made while the class is open: ratings with a student and a photo, requests, another class. */
async function setup() {
  const skills = await classSkills(s, w.creator, w.cls.id);
  const action = skills[0]!.learningActions[0]!.id;
  const dropped = skills[7]!;
  expect((await s.api('DELETE', dropped.teachingClassLearningSkill, { token: w.creator.token })).statusCode).toBe(204);
  const photo = await uploadImage(s, w.evaluator.token, MediaType.RatingPhoto);
  const rating = await rate(s, w.evaluator, w.cls.id, action, { students: [w.first['@id']], medias: [photo['@id']] });
  const links = (await s.api('GET', `${API}/rating-students?rating.id=${rating.id}`, { token: w.creator.token })).json()['hydra:member'];
  const [joiner, parent] = [await signUp(s), await signUp(s, { accountTypeRadio: 'parent_user' })];
  const teacherAsk = await call(joiner, 'POST', '/teaching-class-teacher-invitation', { invitationCode: w.cls.invitationCode });
  const parentAsk = await call(parent, 'POST', '/student-profile-user-invitation', { invitationCode: w.second.invitationCode });
  expect([teacherAsk.statusCode, parentAsk.statusCode]).toEqual([201, 201]);
  // Another class of the creator's: Bao copied there with the parent linked, and Cara, who is not in the finished class.
  const other = await createClass(s, w.creator, { name: 'Open class' });
  const baoThere = (
    await call(w.creator, 'POST', '/teaching-class-student/copy', { teachingClass: other['@id'], teachingClassStudents: [w.second.id] })
  ).json()['hydra:member'][0];
  await linkUser(s, baoThere, parent);
  const parentLink = (
    await s.api('GET', `${API}/student-profile-users?teachingClassStudent.id=${baoThere.id}`, { token: w.creator.token })
  ).json()['hydra:member'][0];
  const cara = await addStudent(s, w.creator, other.id, { firstName: 'Cara' });
  const late = await uploadImage(s, w.evaluator.token, MediaType.RatingPhoto);
  return {
    action,
    dropped,
    rating,
    studentLink: links[0],
    teacherAsk: teacherAsk.json(),
    parentAsk: parentAsk.json(),
    parentLink,
    cara,
    late,
    joiner,
    parent,
  };
}

/** Rows of the class that no refused write may change. */
const snapshot = () =>
  Promise.all([
    count(sql`select count(*)::int n from rating where teaching_class_id = ${w.cls.id}`),
    count(sql`select count(*)::int n from rating_student rs join rating r on r.id = rs.rating_id where r.teaching_class_id = ${w.cls.id}`),
    count(sql`select count(*)::int n from rating_media rm join rating r on r.id = rm.rating_id where r.teaching_class_id = ${w.cls.id}`),
    count(sql`select count(*)::int n from teaching_class_student where teaching_class_id = ${w.cls.id}`),
    count(sql`select count(*)::int n from teaching_class_learning_skill where teaching_class_id = ${w.cls.id}`),
    count(sql`select count(*)::int n from teaching_class_teacher_invitation where teaching_class_id = ${w.cls.id} and is_approved is null`),
    count(sql`select count(*)::int n from student_profile_user_invitation where teaching_class_id = ${w.cls.id} and is_approved is null`),
    count(sql`select count(*)::int n from student_profile_user where teaching_class_id = ${w.cls.id}`),
    count(sql`select count(*)::int n from teaching_class where id = ${w.cls.id} and name = ${w.cls.name}`),
  ]);

describe(`a finished class is read-only (${dbKind})`, { timeout: 120_000 }, () => {
  it('the creator finishes it; a co-teacher may not reopen it (403), nor finish it', async () => {
    expect((await finish(true)).statusCode).toBe(200);
    expect((await finish(false, w.coteacher)).statusCode).toBe(403);
    // Finishing it again is no change and no error.
    expect((await finish(true)).statusCode).toBe(200);
  });

  it('refuses every write to its content with 409 and says why, changing nothing', async () => {
    const before = await snapshot();
    const place = `/teaching-class-student/${w.first.id}`;
    const skillLink = (await classSkills(s, w.creator, w.cls.id))[0]!.teachingClassLearningSkill.replace(API, '');
    const writes: [TestUser, 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      [w.creator, 'POST', '/rating', ratingBody(w.cls.id, x.action)],
      [w.coteacher, 'POST', '/rating', ratingBody(w.cls.id, x.action)],
      [w.evaluator, 'POST', '/rating', ratingBody(w.cls.id, x.action)],
      [w.evaluator, 'PATCH', `/rating/${x.rating.id}`, { points: 5 }],
      [w.creator, 'DELETE', `/rating/${x.rating.id}`],
      [w.evaluator, 'POST', '/rating-student', { rating: x.rating['@id'], student: w.second['@id'] }],
      [w.evaluator, 'DELETE', `/rating-student/${x.studentLink.id}`],
      [w.evaluator, 'POST', '/rating-media', { rating: x.rating['@id'], media: x.late['@id'] }],
      [w.evaluator, 'DELETE', `/rating-media/${x.rating.medias[0].id}`],
      [w.coteacher, 'POST', '/teaching-class-student', { teachingClass: w.cls['@id'], firstName: 'Late' }],
      [w.coteacher, 'PATCH', place, { firstName: 'Renamed' }],
      [w.coteacher, 'POST', `${place}/invitation-code`],
      [w.creator, 'DELETE', place],
      [w.creator, 'POST', '/teaching-class-student/copy', { teachingClass: w.cls['@id'], teachingClassStudents: [x.cara.id] }],
      [w.creator, 'POST', '/teaching-class-learning-skill', { teachingClass: w.cls['@id'], learningSkill: x.dropped['@id'] }],
      [w.coteacher, 'DELETE', skillLink],
      [w.creator, 'POST', '/learning-skill', { name: 'Grit', colorCode: '#224466', teachingClass: w.cls['@id'] }],
      [w.creator, 'POST', `/teaching-class-teacher-invitation/${x.teacherAsk.id}/accept`],
      [w.creator, 'POST', `/teaching-class-teacher-invitation/${x.teacherAsk.id}/reject`],
      [w.coteacher, 'POST', `/student-profile-user-invitation/${x.parentAsk.id}/accept`],
      [w.coteacher, 'POST', `/student-profile-user-invitation/${x.parentAsk.id}/reject`],
      [w.creator, 'POST', `/student-profile-user/${x.parentLink.id}/extend`, { teachingClassStudent: w.second.id }],
      [w.creator, 'PATCH', `/teaching-class/${w.cls.id}`, { name: 'Renamed', isFinished: true }],
      [w.creator, 'PATCH', `/teaching-class/${w.cls.id}`, { defaultPoints: 5 }],
      [w.creator, 'POST', `/teaching-class/${w.cls.id}/invitation-code`],
    ];
    for (const [u, method, path, body] of writes) {
      const res = await call(u, method, path, body);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(409);
      expect(res.json()['hydra:description']).toBe(CLASS_MESSAGES.finished);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses requests by code with 409 in words for the one asking', async () => {
    const before = await snapshot();
    const [teacher, parent] = [await signUp(s), await signUp(s, { accountTypeRadio: 'parent_user' })];
    const asks = [
      await call(teacher, 'POST', '/teaching-class-teacher-invitation', { invitationCode: w.cls.invitationCode }),
      await call(parent, 'POST', '/student-profile-user-invitation', { invitationCode: w.first.invitationCode }),
    ];
    for (const res of asks) {
      expect(res.statusCode).toBe(409);
      expect(res.json()['hydra:description']).toBe(INVITATION_MESSAGES.classFinished);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('still answers reads, and lets a linked user remove their own link', async () => {
    for (const who of ['creator', 'coteacher', 'evaluator'] as const)
      expect((await s.api('GET', `${API}/ratings?teachingClass.id=${w.cls.id}`, { token: w[who].token })).statusCode).toBe(200);
    const own = (
      await s.api('GET', `${API}/student-profile-users?teachingClassStudent.id=${w.first.id}`, { token: w.linked.token })
    ).json();
    expect((await call(w.linked, 'DELETE', `/student-profile-user/${own['hydra:member'][0].id}`)).statusCode).toBe(204);
  });

  it('reopened by its creator (with a change in the same PATCH), it takes writes again', async () => {
    const res = await call(w.creator, 'PATCH', `/teaching-class/${w.cls.id}`, { isFinished: false, defaultPoints: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isFinished: false, defaultPoints: 4 });
    const rated = await call(w.evaluator, 'POST', '/rating', ratingBody(w.cls.id, x.action));
    expect(rated.statusCode).toBe(201);
    expect(
      (await call(w.coteacher, 'POST', '/teaching-class-student', { teachingClass: w.cls['@id'], firstName: 'Late' })).statusCode,
    ).toBe(201);
  });

  it('a finished class may still be deleted by its creator', async () => {
    expect((await finish(true)).statusCode).toBe(200);
    expect((await call(w.creator, 'DELETE', `/teaching-class/${w.cls.id}`)).statusCode).toBe(204);
    expect(await count(sql`select count(*)::int n from teaching_class where id = ${w.cls.id}`)).toBe(0);
  });
});
