import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EntityType, NotificationType } from '@skillroom/contract';
import { dbKind, signUp } from '../../../test/harness';
import { addStudent, API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { classSkills, observe, rate } from '../../../test/ratings';

/** DESIGN §11 "New evidence reaches the family": type 10 notices to the users linked to a child an observation names. */
const t = withClassRoles({}, { skills: true });

interface Notice {
  notificationType: number;
  entityType: number;
  entityId: number;
  title: string;
  message: string;
  path: string | null;
  isRead: boolean;
  id: number;
}
async function notices(u: TestUser): Promise<Notice[]> {
  const res = await t.s.api('GET', `${API}/notifications?itemsPerPage=100`, { token: u.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()['hydra:member'] as Notice[]).filter((n) => n.notificationType === NotificationType.NewEvidence);
}
const actions = async () => (await classSkills(t.s, t.w.creator, t.w.cls.id))[0]!.learningActions.map((a: { id: number }) => a.id);
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.s.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

describe(`notices of new evidence (${dbKind})`, { timeout: 120_000 }, () => {
  it('an observation of two actions naming a child tells its family once, naming only that child; others hear nothing', async () => {
    const { w, s } = t;
    const [a1, a2] = await actions();
    const otherParent = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.second, otherParent);
    const before = (await notices(w.linked)).length;
    const o = await observe(s, w.creator, w.cls.id, [a1!, a2!], { students: [w.first['@id']] });
    const mine = await notices(w.linked);
    expect(mine).toHaveLength(before + 1);
    const n = mine[0]!;
    expect(n.entityType).toBe(EntityType.Rating);
    expect(n.entityId).toBe(Math.min(...o.ratings.map((r) => r.id)));
    expect(n.path).toBe(`/student/${w.first.id}`);
    expect(n.message).toContain('Amara');
    expect(n.message).toMatch(/^Test User\S+ added a new rating of Amara/);
    expect(n.message).not.toContain('Bao');
    expect(await notices(otherParent)).toHaveLength(0);
    // Teachers, the author and strangers are not told.
    for (const u of [w.creator, w.coteacher, w.stranger]) expect(await notices(u)).toHaveLength(0);

    // An edit of notes and points tells no one again.
    const patched = await s.api('PATCH', `${API}/observation/${o.id}`, {
      token: w.creator.token,
      body: { points: 5, description: 'More' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await notices(w.linked)).toHaveLength(before + 1);
  });

  it('a whole-class rating tells every linked family about its own child; a rating joining an observation tells no one again', async () => {
    const { w, s } = t;
    const [a1, a2] = await actions();
    const cousin = await signUp(s, { accountTypeRadio: 'parent_user' });
    const place = await addStudent(s, w.creator, w.cls.id, { firstName: 'Chidi', lastName: 'Eze' });
    await linkUser(s, place, cousin);
    const observation = crypto.randomUUID();
    const before = (await notices(w.linked)).length;
    await rate(s, w.creator, w.cls.id, a1!, { observation });
    await rate(s, w.coteacher, w.cls.id, a2!, { observation });
    const linked = await notices(w.linked);
    expect(linked).toHaveLength(before + 1);
    expect(linked[0]!.message).toContain('Amara');
    const theirs = await notices(cousin);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.message).toContain('Chidi');
    expect(theirs[0]!.message).not.toContain('Amara');
  });

  it('deleting the rating before it is read withdraws the notice; a read one stays; a notice moves to a rating that stays', async () => {
    const { w, s } = t;
    const [a1, a2] = await actions();
    const before = (await notices(w.linked)).length;
    const r = await rate(s, w.creator, w.cls.id, a1!, { students: [w.first['@id']] });
    expect(await notices(w.linked)).toHaveLength(before + 1);
    expect((await s.api('DELETE', `${API}/rating/${r.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect(await notices(w.linked)).toHaveLength(before);

    const o = await observe(s, w.creator, w.cls.id, [a1!, a2!], { students: [w.first['@id']] });
    const [first, second] = [...o.ratings].sort((x, y) => x.id - y.id);
    const keptAction = second!.learningAction as unknown as { id: number };
    // Dropping the first action's rating: the notice points at the one that stays.
    const kept = await s.api('PATCH', `${API}/observation/${o.id}`, {
      token: w.creator.token,
      body: { learningActions: [`${API}/learning-action/${keptAction.id}`] },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const moved = (await notices(w.linked)).find((n) => n.entityId === second!.id);
    expect(moved, `notice of ${first!.id} moved to ${second!.id}`).toBeDefined();
    await s.api('PATCH', `${API}/notification/${moved!.id}`, { token: w.linked.token, body: { isRead: true } });
    expect((await s.api('DELETE', `${API}/observation/${o.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect((await notices(w.linked)).some((n) => n.id === moved!.id)).toBe(true);
  });

  it('naming another child in an edit tells that family; the child taken off loses the unread notice', async () => {
    const { w, s } = t;
    const [a1] = await actions();
    const otherParent = await signUp(s, { accountTypeRadio: 'parent_user' });
    const place = await addStudent(s, w.creator, w.cls.id, { firstName: 'Dara', lastName: 'Lee' });
    await linkUser(s, place, otherParent);
    const r = await rate(s, w.creator, w.cls.id, a1!, { students: [w.first['@id']] });
    const before = (await notices(w.linked)).filter((n) => n.entityId === r.id);
    expect(before).toHaveLength(1);
    const res = await s.api('PATCH', `${API}/rating/${r.id}`, { token: w.creator.token, body: { students: [place['@id']] } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await notices(w.linked)).filter((n) => n.entityId === r.id)).toHaveLength(0);
    const theirs = await notices(otherParent);
    expect(theirs.filter((n) => n.entityId === r.id)).toHaveLength(1);
  });

  it("a child's erasure takes every notice naming them, read or not; a refused save tells no one", async () => {
    const { w, s } = t;
    const [a1] = await actions();
    const parent = await signUp(s, { accountTypeRadio: 'parent_user' });
    const place = await addStudent(s, w.creator, w.cls.id, { firstName: 'Ema', lastName: 'Ito' });
    await linkUser(s, place, parent);
    await rate(s, w.creator, w.cls.id, a1!, {});
    await rate(s, w.creator, w.cls.id, a1!, { students: [place['@id']] });
    expect(await notices(parent)).toHaveLength(2);
    const bad = await s.api('POST', `${API}/rating`, {
      token: w.creator.token,
      body: {
        teachingClass: `${API}/teaching-class/${w.cls.id}`,
        learningAction: `${API}/learning-action/${a1}`,
        date: '1999-01-01',
        points: 3,
        students: [place['@id']],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(await notices(parent)).toHaveLength(2);
    expect((await s.api('DELETE', `${API}/teaching-class-student/${place.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect(await count(sql`select count(*)::int as n from notification where params::text like '%Ema%'`)).toBe(0);
  });
});
