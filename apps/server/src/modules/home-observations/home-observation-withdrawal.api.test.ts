import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { EntityType, HOME_OBSERVATION_MESSAGES, MediaType, NotificationType, RATING_MESSAGES } from '@skillroom/contract';
import { studentProfileUsers } from '../../db/schema';
import { dbKind, signUp } from '../../../test/harness';
import { API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { classSkills } from '../../../test/ratings';
import { expectErased, keysOf, uploadImage } from '../../../test/erasure';

/** DESIGN §11 "Home observations" (issue 37): its author withdraws one not approved; a rejection tells the family why. */
const t = withClassRoles({}, { skills: true });

const place = (id: number) => `${API}/teaching-class-student/${id}`;
async function added(u: TestUser, o: Record<string, unknown> = {}) {
  const actionId = (await classSkills(t.s, t.w.creator, t.w.cls.id))[0]!.learningActions[0]!.id as number;
  const res = await t.s.api('POST', `${API}/home-observation`, {
    token: u.token,
    body: {
      teachingClassStudent: place(t.w.first.id),
      learningAction: `${API}/learning-action/${actionId}`,
      date: '2026-10-05',
      description: 'Sorted the washing by colour.',
      ...o,
    },
  });
  return res;
}
async function posted(u: TestUser, o: Record<string, unknown> = {}) {
  const res = await added(u, o);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}
const withdraw = (u: TestUser | null, id: number) => t.s.api('DELETE', `${API}/home-observation/${id}`, { token: u?.token });
const answer = (u: TestUser, id: number, how: 'approve' | 'reject', reason?: string) =>
  t.s.api('POST', `${API}/home-observation/${id}/${how}`, { token: u.token, body: how === 'reject' ? { reason } : undefined });
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.s.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
type Notice = { id: number; notificationType: number; entityType: number; entityId: number; path: string; title: string; message: string };
async function notices(u: TestUser, type: number) {
  const res = await t.s.api('GET', `${API}/notifications?itemsPerPage=100`, { token: u.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()['hydra:member'] as Notice[]).filter((n) => n.notificationType === type);
}

describe(`withdrawing a home observation (${dbKind})`, { timeout: 120_000 }, () => {
  it('its author withdraws it; every other role of DESIGN §2 is refused, and a second withdrawal is a 404', async () => {
    const { w } = t;
    const o = await posted(w.linked);
    const otherFamily = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.second, otherFamily);
    // The child's other family member knows it, but did not share it.
    const secondParent = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.first, secondParent);
    expect((await withdraw(null, o.id)).statusCode).toBe(401);
    for (const u of [otherFamily, w.stranger]) expect((await withdraw(u, o.id)).statusCode).toBe(404);
    for (const u of [w.creator, w.coteacher, w.evaluator, secondParent]) {
      const res = await withdraw(u, o.id);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).toContain(HOME_OBSERVATION_MESSAGES.withdrawOwn);
    }
    const res = await withdraw(w.linked, o.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(await rows(sql`select 1 from home_observation where id = ${o.id}`)).toHaveLength(0);
    expect((await withdraw(w.linked, o.id)).statusCode).toBe(404);
    expect((await t.s.api('GET', `${API}/home-observation/${o.id}`, { token: w.creator.token })).statusCode).toBe(404);
  });

  it('a family member whose link ended knows it no more (404)', async () => {
    const { w } = t;
    const leaving = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.first, leaving);
    const o = await posted(leaving);
    await t.s.ctx.db
      .delete(studentProfileUsers)
      .where(and(eq(studentProfileUsers.userId, leaving.id), eq(studentProfileUsers.teachingClassStudentId, w.first.id)));
    expect((await withdraw(leaving, o.id)).statusCode).toBe(404);
    expect(await rows(sql`select 1 from home_observation where id = ${o.id}`)).toHaveLength(1);
  });

  it('takes its files, and the teachers’ unread notices of it (a read one stays)', async () => {
    const { w } = t;
    const photo = await uploadImage(t.s, w.linked.token, MediaType.RatingPhoto);
    const keys = await keysOf(t.s, photo.id);
    const before = (await notices(w.creator, NotificationType.HomeObservationWaiting)).map((n) => n.id);
    const o = await posted(w.linked, { medias: [photo['@id']] });
    const fresh = (u: TestUser) => notices(u, NotificationType.HomeObservationWaiting);
    const [forCreator] = (await fresh(w.creator)).filter((n) => !before.includes(n.id));
    const [forCoteacher] = await fresh(w.coteacher);
    expect(forCreator).toBeDefined();
    // The co-teacher read theirs; the creator did not.
    expect(
      (await t.s.api('PATCH', `${API}/notification/${forCoteacher!.id}`, { token: w.coteacher.token, body: { isRead: true } })).statusCode,
    ).toBe(200);
    expect((await withdraw(w.linked, o.id)).statusCode).toBe(204);
    await expectErased(t.s, [photo.id], keys);
    expect((await fresh(w.creator)).map((n) => n.id)).not.toContain(forCreator!.id);
    expect((await fresh(w.coteacher)).map((n) => n.id)).toContain(forCoteacher!.id);
  });

  it('an approved one is a rating now (409, it stays); a rejected one its author may delete', async () => {
    const { w } = t;
    const approved = await posted(w.linked);
    expect((await answer(w.creator, approved.id, 'approve')).statusCode).toBe(200);
    const refused = await withdraw(w.linked, approved.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.body).toContain(HOME_OBSERVATION_MESSAGES.approvedStays);
    expect(await rows(sql`select 1 from home_observation where id = ${approved.id} and rating_id is not null`)).toHaveLength(1);

    const rejected = await posted(w.linked);
    expect((await answer(w.creator, rejected.id, 'reject', 'Done at the club.')).statusCode).toBe(200);
    expect((await withdraw(w.linked, rejected.id)).statusCode).toBe(204);
    expect(await rows(sql`select 1 from home_observation where id = ${rejected.id}`)).toHaveLength(0);
  });

  it('a withdrawal racing an approval ends in one state, and no 500', async () => {
    const { w } = t;
    const o = await posted(w.linked);
    const [a, b] = await Promise.all([answer(w.coteacher, o.id, 'approve'), withdraw(w.linked, o.id)]);
    const left = await rows<{ status: string }>(sql`select status from home_observation where id = ${o.id}`);
    if (a.statusCode === 200) {
      expect(b.statusCode, b.body).toBe(409);
      expect(left).toEqual([{ status: 'approved' }]);
    } else {
      expect([a.statusCode, b.statusCode], a.body).toEqual([409, 204]);
      expect(left).toEqual([]);
    }
  });
});

describe(`a rejection tells the family (${dbKind})`, { timeout: 120_000 }, () => {
  it('type 13 in the words of a rejection, with the reason, opening the child’s page', async () => {
    const { w } = t;
    const o = await posted(w.linked);
    expect((await answer(w.creator, o.id, 'reject', 'This was at the club, not at home.')).statusCode).toBe(200);
    const [told] = await notices(w.linked, NotificationType.HomeObservationApproved);
    expect(told).toMatchObject({
      entityType: EntityType.TeachingClass,
      entityId: w.cls.id,
      path: `/student/${w.first.id}`,
      title: 'Not accepted: Amara Okafor at home',
      message: `A teacher of ${w.cls.name} did not accept what you shared about Amara Okafor: This was at the club, not at home.`,
    });
    // Withdrawn afterwards, the family's unread notice of the rejection goes with it.
    expect((await withdraw(w.linked, o.id)).statusCode).toBe(204);
    expect((await notices(w.linked, NotificationType.HomeObservationApproved)).map((n) => n.id)).not.toContain(told!.id);
  });
});

describe(`one upload, one attachment (${dbKind})`, { timeout: 120_000 }, () => {
  it('a media already on a message is refused, and one on a home observation cannot go on a message', async () => {
    const { w } = t;
    const photo = await uploadImage(t.s, w.linked.token, MediaType.RatingPhoto);
    const sent = await t.s.api('POST', `${API}/message`, {
      token: w.linked.token,
      body: { teachingClassStudent: place(w.first.id), text: 'Her drawing', medias: [photo['@id']] },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const refused = await added(w.linked, { medias: [photo['@id']] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().violations).toEqual([{ propertyPath: 'medias.0', message: RATING_MESSAGES.mediaAttached }]);

    const clip = await uploadImage(t.s, w.linked.token, MediaType.RatingPhoto);
    await posted(w.linked, { medias: [clip['@id']] });
    const again = await t.s.api('POST', `${API}/message`, {
      token: w.linked.token,
      body: { teachingClassStudent: place(w.first.id), text: 'Again', medias: [clip['@id']] },
    });
    expect(again.statusCode, again.body).toBe(400);
  });
});
