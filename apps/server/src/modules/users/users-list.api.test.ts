import { beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp } from '../../../test/harness';
import { API, withClassRoles, linkUser, type TestUser } from '../../../test/classes';

/** GET /users: yourself and the people you work with, as others see them (DESIGN §3), never a stranger or another family. */
const t = withClassRoles();
let otherParent: TestUser;
beforeAll(async () => {
  otherParent = await signUp(t.s, { accountTypeRadio: 'parent_user' });
  await linkUser(t.s, t.w.second, otherParent);
});

const list = (u: TestUser | null, query = '') => t.s.api('GET', `${API}/users${query}`, { token: u?.token });
const idsSeen = async (u: TestUser, query = '') => {
  const res = await list(u, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()['hydra:member'] as { id: number }[]).map((m) => m.id).sort((a, b) => a - b);
};
const sorted = (...us: TestUser[]) => us.map((u) => u.id).sort((a, b) => a - b);

describe(`GET /users by role (${dbKind})`, () => {
  it('shows the class creator its teachers, its families and its subscription', async () => {
    expect(await idsSeen(t.w.creator)).toEqual(sorted(t.w.creator, t.w.coteacher, t.w.evaluator, t.w.linked, otherParent));
  });

  it('shows a co-teacher the class teachers and families', async () => {
    expect(await idsSeen(t.w.coteacher)).toEqual(sorted(t.w.creator, t.w.coteacher, t.w.linked, otherParent));
  });

  it('shows an evaluator the members of their subscription', async () => {
    expect(await idsSeen(t.w.evaluator)).toEqual(sorted(t.w.creator, t.w.evaluator));
  });

  it("shows a parent the class's teachers, never another family of the class", async () => {
    expect(await idsSeen(t.w.linked)).toEqual(sorted(t.w.creator, t.w.coteacher, t.w.linked));
  });

  it('shows a stranger only themselves, and answers 401 to anonymous callers', async () => {
    expect(await idsSeen(t.w.stranger)).toEqual(sorted(t.w.stranger));
    expect((await list(null)).statusCode).toBe(401);
  });

  it('lists public fields only, each of them someone GET /user/{id} also shows', async () => {
    const res = await list(t.w.linked);
    for (const m of res.json()['hydra:member']) {
      expect(Object.keys(m).sort()).toEqual(['@id', '@type', 'avatar', 'firstName', 'id', 'lastName']);
      expect((await t.s.api('GET', `${API}/user/${m.id}`, { token: t.w.linked.token })).statusCode).toBe(200);
    }
  });
});

describe(`GET /users as a Hydra collection (${dbKind})`, () => {
  it('filters by id (both spellings) within what the caller may see', async () => {
    expect(await idsSeen(t.w.creator, `?id=${t.w.linked.id}`)).toEqual([t.w.linked.id]);
    expect(await idsSeen(t.w.creator, `?id[]=${t.w.linked.id}&id[]=${t.w.stranger.id}`)).toEqual([t.w.linked.id]);
  });

  it('pages, with links', async () => {
    const res = await list(t.w.creator, '?itemsPerPage=2&page=2');
    expect(res.json()['hydra:totalItems']).toBe(5);
    expect(res.json()['hydra:member']).toHaveLength(2);
    expect(res.json()['hydra:view']).toMatchObject({ 'hydra:next': `${API}/users?page=3&itemsPerPage=2` });
  });

  it('refuses a filter it does not know, or a bad page, with violations', async () => {
    for (const q of ['?email=a@b.c', '?page=0', '?id=x']) {
      const res = await list(t.w.creator, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()['@type']).toBe('ConstraintViolationList');
    }
  });
});
