import { describe, expect, it } from 'vitest';
import type { HydraCollection, TeachingClass } from '@skillroom/contract';
import { API, addStudent, createClass, withClassRoles, type TestUser } from '../../../test/classes';
import { classSkills, rate } from '../../../test/ratings';

/* DESIGN §12: the dashboard shows per class how many students wait, from the class list it already reads. */
const t = withClassRoles({}, { skills: true });
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

async function listed(u: TestUser, classId: number) {
  const res = await t.s.api('GET', `${API}/teaching-classes`, { token: u.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as HydraCollection<TeachingClass>)['hydra:member'].find((c) => c.id === classId);
}

const notObservedOf = async (u: TestUser, classId: number) => (await listed(u, classId))?.notObserved;

describe('the class list carries each class’s students not observed (DESIGN §12)', () => {
  it('counts those with no rating in the class’s coverageDays, as the coverage route lists them, and follows new ratings', async () => {
    const { creator } = t.w;
    const cls = await createClass(t.s, creator, { start: daysAgo(200), end: daysAgo(-100) });
    const [a, b] = [await addStudent(t.s, creator, cls.id), await addStudent(t.s, creator, cls.id)];
    await addStudent(t.s, creator, cls.id);
    const action = (await classSkills(t.s, creator, cls.id))[0]!.learningActions[0]!.id;
    expect(await notObservedOf(creator, cls.id)).toBe(3);

    await rate(t.s, creator, cls.id, action, { date: daysAgo(2), students: [a['@id']] });
    await rate(t.s, creator, cls.id, action, { date: daysAgo(20), students: [b['@id']] });
    // The list is cached per user and version: a rating makes it stale at once.
    expect(await notObservedOf(creator, cls.id)).toBe(2);
    const coverage = await t.s.api('GET', `${API}/coverage/class/${cls.id}`, { token: creator.token });
    expect(coverage.json().notObserved).toHaveLength(2);

    await t.s.api('PATCH', `${API}/teaching-class/${cls.id}`, { token: creator.token, body: { coverageDays: 30 } });
    expect(await notObservedOf(creator, cls.id)).toBe(1);
    // A whole-class rating in the period counts for every student (DESIGN §3).
    await rate(t.s, creator, cls.id, action, { date: daysAgo(0), students: [] });
    expect(await notObservedOf(creator, cls.id)).toBe(0);
  });

  it('is in every member’s list, and the detail, read on its own, leaves it out', async () => {
    const { creator, coteacher, evaluator, cls } = t.w;
    for (const u of [creator, coteacher, evaluator]) expect(await notObservedOf(u, cls.id)).toBe(2);
    const detail = await t.s.api('GET', `${API}/teaching-class/${cls.id}`, { token: creator.token });
    expect(detail.json()).not.toHaveProperty('notObserved');
  });

  it('is left out for a finished class, which observes no one any more', async () => {
    const { creator } = t.w;
    const cls = await createClass(t.s, creator, { isFinished: true });
    await addStudent(t.s, creator, cls.id).catch(() => undefined);
    const found = await listed(creator, cls.id);
    expect(found).toBeDefined();
    expect(found).not.toHaveProperty('notObserved');
  });

  it('is read-only: a class body naming it changes nothing (read-only fields are dropped, as numStudents is)', async () => {
    const { creator, cls } = t.w;
    const res = await t.s.api('PATCH', `${API}/teaching-class/${cls.id}`, { token: creator.token, body: { notObserved: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await notObservedOf(creator, cls.id)).toBe(2);
  });
});
