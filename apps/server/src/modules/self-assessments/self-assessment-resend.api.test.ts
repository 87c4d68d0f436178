import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MediaType, SELF_ASSESSMENT_MESSAGES } from '@skillroom/contract';
import { dbKind, signUp } from '../../../test/harness';
import { addStudent, API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { uploadImage } from '../../../test/erasure';
import { selfAssessmentBody, studentsOfPlaces } from '../../../test/self-assessments';

/**
 * Issue 38: a self-assessment saved offline is sent again and again until an answer arrives (DESIGN §7). Its device's
 * `clientId` makes every resend the one self-assessment, whether the `Idempotency-Key`'s kept answer is still there or not.
 */
const t = withClassRoles({}, { skills: true });
let student: TestUser;
let otherStudent: TestUser;
let skillId: number;

const body = (placeId: number, o: Record<string, unknown> = {}) => selfAssessmentBody(skillId, placeId, { points: 3, ...o });
const post = (u: TestUser, b: Record<string, unknown>, key = randomUUID()) =>
  t.s.api('POST', `${API}/self-assessment`, { token: u.token, body: b, headers: { 'idempotency-key': key } });
// drizzle's execute answers each driver's own result (PGlite's, pg's); both carry `rows`, read as the query selects.
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.s.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
const countOf = async (clientId: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int n from self_assessment where client_id = ${clientId}`))[0]!.n;

describe(`self-assessment resent (${dbKind})`, { timeout: 120_000 }, () => {
  beforeAll(async () => {
    ({ student, otherStudent, skillId } = await studentsOfPlaces(t.s, t.w));
    const on = await t.s.api('PATCH', `${API}/teaching-class/${t.w.cls.id}`, { token: t.w.creator.token, body: { selfAssessment: true } });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('writes one self-assessment per clientId: the same key replays, a new key (the kept answer gone) answers it with 200', async () => {
    const clientId = randomUUID();
    const photo = await uploadImage(t.s, student.token, MediaType.RatingPhoto);
    const b = body(t.w.first.id, { clientId, medias: [photo['@id']] });
    const key = randomUUID();
    const first = await post(student, b, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ clientId, medias: [{ id: photo.id }] });
    const replayed = await post(student, b, key);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotency-replayed']).toBe('true');
    // Another key: the device lost the first answer after the key's day, or sends it from a second tab.
    const again = await post(student, b);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(again.json()).toMatchObject({ id: first.json().id, clientId, medias: [{ id: photo.id }] });
    // The kept answers purged (as the hourly job does after 24 h): the first key itself now finds the one written.
    await t.s.ctx.db.execute(sql`delete from idempotency_key where user_id = ${student.id}`);
    const late = await post(student, b, key);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().id).toBe(first.json().id);
    expect(await countOf(clientId)).toBe(1);
    // The list shows it once, with the id its device chose.
    const list = await t.s.api('GET', `${API}/self-assessments?teachingClassStudent.id=${t.w.first.id}`, { token: student.token });
    const members = list.json()['hydra:member'] as { clientId: string | null }[];
    expect(members.filter((m) => m.clientId === clientId)).toHaveLength(1);
  });

  it('two sends of one clientId at once make one; a resend is answered after the class finished', async () => {
    const clientId = randomUUID();
    const both = await Promise.all([post(student, body(t.w.first.id, { clientId })), post(student, body(t.w.first.id, { clientId }))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(both.map((r) => r.json().id)).size).toBe(1);
    expect(await countOf(clientId)).toBe(1);
    // Written before the class was finished: its resend is that answer, not the finished class's 409.
    await t.s.ctx.db.execute(sql`update teaching_class set is_finished = true where id = ${t.w.cls.id}`);
    try {
      const late = await post(student, body(t.w.first.id, { clientId }));
      expect(late.statusCode, late.body).toBe(200);
      const fresh = await post(student, body(t.w.first.id, { clientId: randomUUID() }));
      expect(fresh.statusCode, fresh.body).toBe(409);
    } finally {
      await t.s.ctx.db.execute(sql`update teaching_class set is_finished = false where id = ${t.w.cls.id}`);
    }
    expect(await countOf(clientId)).toBe(1);
  });

  it('a clientId naming another self-assessment is a 409; one not a UUID a 400 on it', async () => {
    const clientId = randomUUID();
    expect((await post(student, body(t.w.first.id, { clientId }))).statusCode).toBe(201);
    // Another student (of another place), and the same student with other points: not a resend of it.
    for (const [u, b] of [
      [otherStudent, body(t.w.second.id, { clientId })],
      [student, body(t.w.first.id, { clientId, points: 5 })],
    ] as const) {
      const res = await post(u, b);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()['hydra:description']).toBe(SELF_ASSESSMENT_MESSAGES.clientIdUsed);
    }
    const bad = await post(student, body(t.w.first.id, { clientId: 'not-a-uuid' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations[0].propertyPath).toBe('clientId');
    expect(await countOf(clientId)).toBe(1);
  });

  it("the place's erasure takes it: a resend then writes nothing (the place is no more)", async () => {
    const child = await addStudent(t.s, t.w.creator, t.w.cls.id, { firstName: 'Noa', lastName: 'Kim' });
    const me = await signUp(t.s, { accountTypeRadio: 'student_user' });
    await linkUser(t.s, child, me);
    const clientId = randomUUID();
    expect((await post(me, body(child.id, { clientId }))).statusCode).toBe(201);
    const gone = await t.s.api('DELETE', `${API}/teaching-class-student/${child.id}`, { token: t.w.creator.token });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await countOf(clientId)).toBe(0);
    const res = await post(me, body(child.id, { clientId }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().violations[0].propertyPath).toBe('teachingClassStudent');
    expect(await countOf(clientId)).toBe(0);
  });
});
