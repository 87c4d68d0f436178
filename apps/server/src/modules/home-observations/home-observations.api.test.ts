import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EntityType, MediaType, NotificationType } from '@skillroom/contract';
import { dbKind, signUp } from '../../../test/harness';
import { addStudent, API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { classSkills } from '../../../test/ratings';
import { expectErased, keysOf, uploadImage } from '../../../test/erasure';

/** DESIGN §11 "Home observations": a family posts, the class's teachers approve (a rating, source home) or reject. */
const t = withClassRoles({}, { skills: true });

const place = (id: number) => `${API}/teaching-class-student/${id}`;
const actionId = async () => (await classSkills(t.s, t.w.creator, t.w.cls.id))[0]!.learningActions[0]!.id as number;
const body = async (placeId: number, o: Record<string, unknown> = {}) => ({
  teachingClassStudent: place(placeId),
  learningAction: `${API}/learning-action/${await actionId()}`,
  date: '2026-10-05',
  description: 'Counted the stairs to the flat, up and down.',
  ...o,
});
const post = async (u: TestUser | null, b: Record<string, unknown>) =>
  t.s.api('POST', `${API}/home-observation`, { token: u?.token, body: b });
async function added(u: TestUser, o: Record<string, unknown> = {}) {
  const res = await post(u, await body(t.w.first.id, o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; medias: { '@id': string }[] };
}
async function notices(u: TestUser, type: number) {
  const res = await t.s.api('GET', `${API}/notifications?itemsPerPage=100`, { token: u.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()['hydra:member'] as { notificationType: number; entityType: number; entityId: number; path: string }[]).filter(
    (n) => n.notificationType === type,
  );
}
const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.s.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

describe(`home observations (${dbKind})`, { timeout: 120_000 }, () => {
  it('only a user linked to the child in this class posts one; the teachers (not the evaluator) hear of it (type 12)', async () => {
    const { w } = t;
    const otherFamily = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.second, otherFamily);
    const b = await body(w.first.id);
    expect((await post(null, b)).statusCode).toBe(401);
    for (const u of [w.creator, w.coteacher, w.evaluator]) expect((await post(u, b)).statusCode).toBe(403);
    for (const u of [w.stranger, otherFamily]) {
      const res = await post(u, b);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().violations[0].propertyPath).toBe('teachingClassStudent');
    }
    const before = (await notices(w.creator, NotificationType.HomeObservationWaiting)).length;
    const o = await added(w.linked);
    expect(o.status).toBe('pending');
    for (const u of [w.creator, w.coteacher]) {
      const mine = await notices(u, NotificationType.HomeObservationWaiting);
      expect(mine.length).toBeGreaterThanOrEqual(u === w.creator ? before + 1 : 1);
      expect(mine[0]).toMatchObject({ entityType: EntityType.TeachingClass, entityId: w.cls.id, path: `/teaching-class/${w.cls.id}` });
    }
    expect(await notices(w.evaluator, NotificationType.HomeObservationWaiting)).toHaveLength(0);
    // An action of a skill the class does not use, a date outside the class, someone else's upload: 400.
    expect((await post(w.linked, await body(w.first.id, { date: '2020-01-01' }))).statusCode).toBe(400);
    const theirs = await uploadImage(t.s, w.creator.token, MediaType.RatingPhoto);
    const refused = await post(w.linked, await body(w.first.id, { medias: [theirs['@id']] }));
    expect(refused.statusCode, refused.body).toBe(400);
  });

  it('the teachers and the family read it; the evaluator is refused; another family and strangers do not see it', async () => {
    const { w } = t;
    const o = await added(w.linked);
    const otherFamily = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.second, otherFamily);
    const get = (u: TestUser | null) => t.s.api('GET', `${API}/home-observation/${o.id}`, { token: u?.token });
    for (const u of [w.creator, w.coteacher, w.linked]) expect((await get(u)).statusCode).toBe(200);
    expect((await get(w.evaluator)).statusCode).toBe(403);
    for (const u of [w.stranger, otherFamily]) expect((await get(u)).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(401);
    const list = async (u: TestUser, q: string) => {
      const res = await t.s.api('GET', `${API}/home-observations?${q}`, { token: u.token });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json()['hydra:member'] as { id: number }[]).map((x) => x.id);
    };
    expect(await list(w.creator, `teachingClass.id=${w.cls.id}&status=pending`)).toContain(o.id);
    expect(await list(w.linked, `teachingClassStudent.id=${w.first.id}`)).toContain(o.id);
    for (const u of [otherFamily, w.evaluator, w.stranger]) {
      expect(await list(u, `teachingClassStudent.id=${w.first.id}`)).toEqual([]);
      expect(await list(u, `teachingClass.id=${w.cls.id}`)).toEqual([]);
    }
    expect((await t.s.api('GET', `${API}/home-observations?status=maybe`, { token: w.creator.token })).statusCode).toBe(400);
  });

  it('approving makes a rating of that child with source home by the family member, moves the media, tells the family (13)', async () => {
    const { w } = t;
    const photo = await uploadImage(t.s, w.linked.token, MediaType.RatingPhoto);
    const o = await added(w.linked, { medias: [photo['@id']] });
    expect(o.medias.map((m) => m['@id'])).toEqual([photo['@id']]);
    // The teachers see the attachment while it waits; another family does not.
    expect((await t.s.api('GET', `${API}/media/${photo.id}`, { token: w.coteacher.token })).statusCode).toBe(200);
    const approve = (u: TestUser) => t.s.api('POST', `${API}/home-observation/${o.id}/approve`, { token: u.token });
    expect((await approve(w.linked)).statusCode).toBe(403);
    expect((await approve(w.evaluator)).statusCode).toBe(403);
    expect((await approve(w.stranger)).statusCode).toBe(404);
    const res = await approve(w.coteacher);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as { status: string; rating: string };
    expect(answered.status).toBe('approved');
    const rating = await t.s.api('GET', answered.rating, { token: w.linked.token });
    expect(rating.statusCode, rating.body).toBe(200);
    const r = rating.json();
    expect(r).toMatchObject({ source: 'home', isWholeClass: false, students: [place(w.first.id)], creator: { id: w.linked.id } });
    expect(r.medias.map((m: { media: { '@id': string } }) => m.media['@id'])).toEqual([photo['@id']]);
    expect(await rows(sql`select 1 from home_observation_media where home_observation_id = ${o.id}`)).toHaveLength(0);
    const told = await notices(w.linked, NotificationType.HomeObservationApproved);
    expect(told[0]).toMatchObject({ entityType: EntityType.Rating, entityId: r.id, path: `/student/${w.first.id}` });
    expect((await approve(w.creator)).statusCode).toBe(409);
    // A teacher's own rating says so.
    const feed = await t.s.api('GET', `${API}/ratings?teachingClass.id=${w.cls.id}`, { token: w.creator.token });
    const sources = (feed.json()['hydra:member'] as { id: number; source: string }[]).map((x) => [x.id, x.source]);
    expect(sources).toContainEqual([r.id, 'home']);

    // Reports count it apart: "at home", in the class's totals and on the child's row, and in the child's own report.
    const report = await t.s.api('GET', `${API}/report/class/${w.cls.id}?startDate=2026-09-01&endDate=2026-11-01`, {
      token: w.creator.token,
    });
    expect(report.statusCode, report.body).toBe(200);
    const rep = report.json() as { totals: { atHome: number }; students: { teachingClassStudent: string; atHome: number }[] };
    expect(rep.totals.atHome).toBe(1);
    expect(rep.students.find((x) => x.teachingClassStudent === place(w.first.id))!.atHome).toBe(1);
    expect(rep.students.find((x) => x.teachingClassStudent === place(w.second.id))!.atHome).toBe(0);
    const studentId = Number(String(w.first.student).split('/').pop());
    const own = await t.s.api('GET', `${API}/report/student/${studentId}?startDate=2026-09-01&endDate=2026-11-01`, {
      token: w.linked.token,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().totals.atHome).toBe(1);
  });

  it('an approval racing a rejection (or a second approval) ends in one state, one rating at most, and no 500', async () => {
    const { w } = t;
    const answer = (u: TestUser, id: number, how: 'approve' | 'reject') =>
      t.s.api('POST', `${API}/home-observation/${id}/${how}`, {
        token: u.token,
        body: how === 'reject' ? { reason: 'Not at home.' } : undefined,
      });
    for (const [a, b] of [
      ['approve', 'reject'],
      ['reject', 'approve'],
      ['approve', 'approve'],
    ] as const) {
      const o = await added(w.linked);
      const answers = await Promise.all([answer(w.creator, o.id, a), answer(w.coteacher, o.id, b)]);
      const codes = answers.map((r) => r.statusCode);
      expect(codes.sort(), `${a} / ${b}: ${answers.map((r) => r.body).join(' ')}`).toEqual([200, 409]);
      const won = [a, b][answers.findIndex((r) => r.statusCode === 200)];
      const seen = (await t.s.api('GET', `${API}/home-observation/${o.id}`, { token: w.creator.token })).json();
      expect(seen.status).toBe(won === 'approve' ? 'approved' : 'rejected');
      const made = await rows<{ n: number }>(
        sql`select count(*)::int n from rating r join home_observation h on h.rating_id = r.id where h.id = ${o.id}`,
      );
      expect(made[0]!.n).toBe(won === 'approve' ? 1 : 0);
    }
  });

  it('rejecting needs a reason, which the family reads; a finished class refuses both the post and the answer', async () => {
    const { w } = t;
    const o = await added(w.linked);
    const reject = (u: TestUser, b: unknown) => t.s.api('POST', `${API}/home-observation/${o.id}/reject`, { token: u.token, body: b });
    expect((await reject(w.creator, {})).statusCode).toBe(400);
    expect((await reject(w.creator, { reason: '   ' })).statusCode).toBe(400);
    expect((await reject(w.linked, { reason: 'No' })).statusCode).toBe(403);
    expect((await reject(w.evaluator, { reason: 'No' })).statusCode).toBe(403);
    const res = await reject(w.creator, { reason: 'This was at the club, not at home.' });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await t.s.api('GET', `${API}/home-observation/${o.id}`, { token: w.linked.token });
    expect(seen.json()).toMatchObject({ status: 'rejected', reason: 'This was at the club, not at home.', rating: null });

    const waiting = await added(w.linked);
    await t.s.ctx.db.execute(sql`update teaching_class set is_finished = true where id = ${w.cls.id}`);
    try {
      expect((await post(w.linked, await body(w.first.id))).statusCode).toBe(409);
      expect((await t.s.api('POST', `${API}/home-observation/${waiting.id}/approve`, { token: w.creator.token })).statusCode).toBe(409);
    } finally {
      await t.s.ctx.db.execute(sql`update teaching_class set is_finished = false where id = ${w.cls.id}`);
    }
  });

  it("the child's erasure takes the waiting ones with their files; the family's account takes theirs", async () => {
    const { w } = t;
    const parent = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    const child = await addStudent(t.s, w.creator, w.cls.id, { firstName: 'Ema', lastName: 'Ito' });
    await linkUser(t.s, child, parent);
    const photo = await uploadImage(t.s, parent.token, MediaType.RatingPhoto);
    const keys = await keysOf(t.s, photo.id);
    const res = await post(parent, await body(child.id, { medias: [photo['@id']] }));
    expect(res.statusCode, res.body).toBe(201);
    const gone = await t.s.api('DELETE', `${API}/teaching-class-student/${child.id}`, { token: w.creator.token });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await rows(sql`select 1 from home_observation where id = ${res.json().id}`)).toHaveLength(0);
    await expectErased(t.s, [photo.id], keys);

    // The family member's own account: their waiting ones and uploads go; an approved one stays a rating.
    const leaving = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.second, leaving);
    const clip = await uploadImage(t.s, leaving.token, MediaType.RatingPhoto);
    const clipKeys = await keysOf(t.s, clip.id);
    const waiting = await post(leaving, await body(w.second.id, { medias: [clip['@id']] }));
    expect(waiting.statusCode, waiting.body).toBe(201);
    const approved = await post(leaving, await body(w.second.id));
    await t.s.api('POST', `${API}/home-observation/${approved.json().id}/approve`, { token: w.creator.token });
    const del = await t.s.api('DELETE', `${API}/user/${leaving.id}`, { token: leaving.token, body: { currentPassword: leaving.password } });
    expect(del.statusCode, del.body).toBe(204);
    expect(await rows(sql`select 1 from home_observation where id = ${waiting.json().id}`)).toHaveLength(0);
    await expectErased(t.s, [clip.id], clipKeys);
    expect(await rows(sql`select 1 from rating where source = 'home' and creator_id is null`)).toHaveLength(1);
  });

  it("the class's erasure takes the waiting ones' files", async () => {
    const { w } = t;
    const photo = await uploadImage(t.s, w.linked.token, MediaType.RatingPhoto);
    const keys = await keysOf(t.s, photo.id);
    await added(w.linked, { medias: [photo['@id']] });
    const res = await t.s.api('DELETE', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token });
    expect(res.statusCode, res.body).toBe(204);
    await expectErased(t.s, [photo.id], keys);
    expect(await rows(sql`select 1 from home_observation where teaching_class_id = ${w.cls.id}`)).toHaveLength(0);
  });
});
