import { describe, expect, it } from 'vitest';
import { EntityType, NotificationType, RATING_COMMENT_MESSAGES } from '@skillroom/contract';
import { dbKind, signUp } from '../../../test/harness';
import { addStudent, API, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { classSkills, rate } from '../../../test/ratings';

/** DESIGN §11 reactions and comments: who writes, who reads which, hiding, deleting, the class switch and erasure. */
const t = withClassRoles({ RATING_COMMENTS_PER_MINUTE: '20' }, { skills: true });

interface Comment {
  id: number;
  text: string;
  isHidden: boolean;
  canDelete: boolean;
  canHide: boolean;
  byTeacher: boolean;
  teachingClassStudent: string | null;
}
type Who = TestUser | null;

const comment = (u: Who, rating: number, text: string) =>
  t.s.api('POST', `${API}/rating-comment`, { token: u?.token, body: { rating: `${API}/rating/${rating}`, text } });
const list = (u: Who, rating: number) => t.s.api('GET', `${API}/rating-comments?rating.id=${rating}`, { token: u?.token });
const texts = async (u: Who, rating: number) => {
  const res = await list(u, rating);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()['hydra:member'] as Comment[]).map((c) => c.text);
};
const hide = (u: Who, id: number, isHidden = true) =>
  t.s.api('PATCH', `${API}/rating-comment/${id}`, { token: u?.token, body: { isHidden } });
const remove = (u: Who, id: number) => t.s.api('DELETE', `${API}/rating-comment/${id}`, { token: u?.token });
const react = (u: Who, rating: number, method: 'POST' | 'DELETE' = 'POST') =>
  t.s.api(method, `${API}/rating/${rating}/reaction`, { token: u?.token });
const summary = async (u: TestUser, rating: number) => {
  const res = await t.s.api('GET', `${API}/rating-reactions?rating.id[]=${rating}`, { token: u.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()['hydra:member'][0] as { hearts: number; reacted: boolean; comments: number; canComment: boolean; canReact: boolean };
};
const commentNotices = async (u: TestUser) => {
  const res = await t.s.api('GET', `${API}/notifications?itemsPerPage=100`, { token: u.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json()['hydra:member'] as { notificationType: number; entityType: number; entityId: number; title: string }[]).filter(
    (n) => n.notificationType === NotificationType.RatingComment,
  );
};

/** The class of withClassRoles with a family for its second child and one for a third child the ratings never name. */
async function world() {
  const { s, w } = t;
  const [secondFamily, thirdFamily] = await Promise.all([
    signUp(s, { accountTypeRadio: 'parent_user' }),
    signUp(s, { accountTypeRadio: 'parent_user' }),
  ]);
  await linkUser(s, w.second, secondFamily);
  const third = await addStudent(s, w.creator, w.cls.id, { firstName: 'Chidi', lastName: 'Eze' });
  await linkUser(s, third, thirdFamily);
  const action = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id as number;
  const both = async () => (await rate(s, w.creator, w.cls.id, action, { students: [w.first['@id'], w.second['@id']] })).id as number;
  return { secondFamily, thirdFamily, third, action, both };
}
let shared: Awaited<ReturnType<typeof world>> | null = null;
const W = async () => (shared ??= await world());

describe(`rating comments (${dbKind})`, { timeout: 120_000 }, () => {
  it('who may comment, and a rating naming two children never shows one family the other family’s words', async () => {
    const { w } = t;
    const { secondFamily, thirdFamily, both } = await W();
    const rating = await both();
    const expected: [Who, number][] = [
      [w.creator, 201],
      [w.coteacher, 201],
      [w.evaluator, 403],
      [w.linked, 201],
      [secondFamily, 201],
      [thirdFamily, 404],
      [w.stranger, 404],
      [null, 401],
    ];
    for (const [u, status] of expected) {
      const res = await comment(u, rating, `from ${u?.username ?? 'nobody'}`);
      expect(res.statusCode, `${u?.username}: ${res.body}`).toBe(status);
    }
    expect((await comment(w.evaluator, rating, 'x')).json()['hydra:description']).toBe(RATING_COMMENT_MESSAGES.notYours);
    const teacherWords = [`from ${w.creator.username}`, `from ${w.coteacher.username}`];
    expect(await texts(w.creator, rating)).toEqual([...teacherWords, `from ${w.linked.username}`, `from ${secondFamily.username}`]);
    expect(await texts(w.coteacher, rating)).toHaveLength(4);
    expect(await texts(w.linked, rating)).toEqual([...teacherWords, `from ${w.linked.username}`]);
    expect(await texts(secondFamily, rating)).toEqual([...teacherWords, `from ${secondFamily.username}`]);
    // An evaluator sees the rating, and the teachers' comments (seen by all who see it), never a family's.
    expect(await texts(w.evaluator, rating)).toEqual(teacherWords);
    for (const [u, status] of [
      [thirdFamily, 404],
      [w.stranger, 404],
      [null, 401],
    ] as const)
      expect((await list(u, rating)).statusCode).toBe(status);
    const s2 = await summary(secondFamily, rating);
    expect(s2).toMatchObject({ comments: 3, canComment: true, canReact: true });
    expect(await summary(w.evaluator, rating)).toMatchObject({ comments: 2, canComment: false, canReact: false });
    // The family's comment carries their child's place; a teacher's none.
    const mine = (await list(w.linked, rating)).json()['hydra:member'] as Comment[];
    expect(mine.map((c) => c.teachingClassStudent)).toEqual([null, null, w.first['@id']]);
    expect(mine.map((c) => [c.byTeacher, c.canDelete, c.canHide])).toEqual([
      [true, false, false],
      [true, false, false],
      [false, true, false],
    ]);
  });

  it('a whole-class rating: every family comments, each sees only the words of its own child’s families', async () => {
    const { w } = t;
    const { secondFamily, thirdFamily, action } = await W();
    const rating = (await rate(t.s, w.coteacher, w.cls.id, action)).id as number;
    for (const u of [w.linked, secondFamily, thirdFamily]) expect((await comment(u, rating, `whole ${u.username}`)).statusCode).toBe(201);
    expect(await texts(thirdFamily, rating)).toEqual([`whole ${thirdFamily.username}`]);
    expect(await texts(w.linked, rating)).toEqual([`whole ${w.linked.username}`]);
    expect(await texts(w.creator, rating)).toHaveLength(3);
  });

  it('texts are cleaned and limited; a rating of another class or none is not found', async () => {
    const { w } = t;
    const { both } = await W();
    const rating = await both();
    const res = await comment(w.linked, rating, '  Thank\u0007 you\n\tso much  ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().text).toBe('Thank you so much');
    for (const text of ['', ' \u0000 ', 'x'.repeat(2001)]) {
      const bad = await comment(w.linked, rating, text);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().violations[0].propertyPath).toBe('text');
    }
    expect((await comment(w.linked, rating, 'x'.repeat(2000))).statusCode).toBe(201);
    expect((await comment(w.linked, 999_999, 'hello')).statusCode).toBe(404);
    // Without a rating: the comments of every rating the user sees, as they may see them.
    expect((await t.s.api('GET', `${API}/rating-comments`, { token: w.linked.token })).json()['hydra:member'].length).toBeGreaterThan(0);
  });

  it('teachers hide and delete; the author deletes their own; others may not', async () => {
    const { w } = t;
    const { secondFamily, both } = await W();
    const rating = await both();
    const a = (await comment(w.linked, rating, 'Hide me')).json() as Comment;
    const b = (await comment(secondFamily, rating, 'Other family')).json() as Comment;
    for (const [u, status] of [
      [w.linked, 403],
      [secondFamily, 404],
      [w.evaluator, 404],
      [w.stranger, 404],
      [null, 401],
    ] as const)
      expect((await hide(u, a.id)).statusCode, u?.username).toBe(status);
    const hidden = await hide(w.coteacher, a.id);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ isHidden: true, canHide: true, canDelete: true });
    expect(await texts(w.linked, rating)).not.toContain('Hide me');
    expect(await summary(w.linked, rating)).toMatchObject({ comments: 0 });
    expect((await list(w.creator, rating)).json()['hydra:member'][0]).toMatchObject({ text: 'Hide me', isHidden: true });
    expect((await hide(w.creator, a.id, false)).statusCode).toBe(200);
    expect(await texts(w.linked, rating)).toContain('Hide me');

    for (const [u, status] of [
      [secondFamily, 404],
      [w.evaluator, 404],
      [w.stranger, 404],
      [null, 401],
    ] as const)
      expect((await remove(u, a.id)).statusCode, u?.username).toBe(status);
    expect((await remove(w.linked, b.id)).statusCode).toBe(404);
    expect((await remove(w.linked, a.id)).statusCode).toBe(204);
    expect((await remove(w.linked, a.id)).statusCode).toBe(404);
    expect((await remove(w.coteacher, b.id)).statusCode).toBe(204);
    expect(await texts(w.creator, rating)).toEqual([]);
  });

  it('hearts: one per user, idempotent, counted as each reader may see them; an evaluator and outsiders may not', async () => {
    const { w } = t;
    const { secondFamily, thirdFamily, both } = await W();
    const rating = await both();
    for (const [u, status] of [
      [w.creator, 200],
      [w.linked, 200],
      [w.linked, 200],
      [w.evaluator, 403],
      [thirdFamily, 404],
      [w.stranger, 404],
      [null, 401],
    ] as const)
      expect((await react(u, rating)).statusCode, u?.username).toBe(status);
    // Twice at the same moment is still one heart (the unique key decides, not a read before the write).
    expect((await Promise.all([react(secondFamily, rating), react(secondFamily, rating)])).map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await summary(w.linked, rating)).toMatchObject({ hearts: 2, reacted: true });
    expect(await summary(w.coteacher, rating)).toMatchObject({ hearts: 3, reacted: false });
    expect((await react(w.linked, rating, 'DELETE')).statusCode).toBe(204);
    expect((await react(w.linked, rating, 'DELETE')).statusCode).toBe(204);
    expect(await summary(w.linked, rating)).toMatchObject({ hearts: 1, reacted: false });
    expect((await react(thirdFamily, rating, 'DELETE')).statusCode).toBe(404);
  });

  it('the class’s teachers hear of a family’s comment (type 11), the commenter and the evaluator do not', async () => {
    const { w } = t;
    const { both } = await W();
    const rating = await both();
    const before = await Promise.all([w.creator, w.coteacher, w.evaluator, w.linked].map(commentNotices));
    const c = (await comment(w.linked, rating, 'Proud of her')).json() as Comment;
    const after = await Promise.all([w.creator, w.coteacher, w.evaluator, w.linked].map(commentNotices));
    expect(after.map((n, i) => n.length - before[i]!.length)).toEqual([1, 1, 0, 0]);
    expect(after[0]![0]).toMatchObject({
      entityType: EntityType.RatingComment,
      entityId: c.id,
      title: 'New comment on a rating of Amara Okafor',
    });
    // A teacher's comment tells no one; deleting the comment withdraws its notices.
    await comment(w.creator, rating, 'Thanks!');
    expect(await commentNotices(w.coteacher)).toHaveLength(after[1]!.length);
    expect((await remove(w.creator, c.id)).statusCode).toBe(204);
    expect(await commentNotices(w.coteacher)).toHaveLength(before[1]!.length);
  });

  it('erasure: the child’s place takes its family’s comments and hearts; the rating takes all', async () => {
    const { w, s } = t;
    const { action } = await W();
    const extra = await addStudent(s, w.creator, w.cls.id, { firstName: 'Dara', lastName: 'Lee' });
    const extraFamily = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, extra, extraFamily);
    const rating = (await rate(s, w.creator, w.cls.id, action, { students: [w.first['@id'], extra['@id']] })).id as number;
    await comment(w.linked, rating, 'Stays');
    await comment(extraFamily, rating, 'Goes with Dara');
    await react(extraFamily, rating);
    const noticesBefore = (await commentNotices(w.creator)).length;
    expect((await s.api('DELETE', `${API}/teaching-class-student/${extra.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect(await texts(w.creator, rating)).toEqual(['Stays']);
    expect(await summary(w.creator, rating)).toMatchObject({ hearts: 0 });
    expect(await commentNotices(w.creator)).toHaveLength(noticesBefore - 1);

    expect((await s.api('DELETE', `${API}/rating/${rating}`, { token: w.creator.token })).statusCode).toBe(204);
    expect(await commentNotices(w.creator)).toHaveLength(noticesBefore - 2);
    const left = await s.ctx.db.execute(`select count(*)::int as n from rating_comment where rating_id = ${rating}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('erasure: a deleted account takes its comments and hearts, and the teachers’ notices of them', async () => {
    const { w, s } = t;
    const { both } = await W();
    const rating = await both();
    const leaving = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, leaving);
    await comment(leaving, rating, 'Bye');
    await react(leaving, rating);
    const before = (await commentNotices(w.creator)).length;
    const del = await s.api('DELETE', `${API}/user/${leaving.id}`, { token: leaving.token, body: { currentPassword: leaving.password } });
    expect(del.statusCode, del.body).toBe(204);
    expect(await texts(w.creator, rating)).not.toContain('Bye');
    expect(await summary(w.creator, rating)).toMatchObject({ hearts: 0 });
    expect(await commentNotices(w.creator)).toHaveLength(before - 1);
  });

  it('familyComments off: no new comment (403), families see none, teachers still do; hearts stay; only the creator switches', async () => {
    const { w, s } = t;
    const { both } = await W();
    const rating = await both();
    await comment(w.linked, rating, 'Before the switch');
    expect(
      (await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.coteacher.token, body: { familyComments: false } })).statusCode,
    ).toBe(403);
    const off = await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { familyComments: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().familyComments).toBe(false);
    try {
      for (const u of [w.linked, w.creator]) {
        const res = await comment(u, rating, 'After');
        expect(res.statusCode).toBe(403);
        expect(res.json()['hydra:description']).toBe(RATING_COMMENT_MESSAGES.off);
      }
      expect(await texts(w.linked, rating)).toEqual([]);
      expect(await summary(w.linked, rating)).toMatchObject({ comments: 0, canComment: false, canReact: true });
      expect(await texts(w.creator, rating)).toEqual(['Before the switch']);
      expect((await react(w.linked, rating)).statusCode).toBe(200);
    } finally {
      await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { familyComments: true } });
    }
    expect(await texts(w.linked, rating)).toEqual(['Before the switch']);
  });

  it('a user writing too fast is told to wait (429)', async () => {
    const { w, s } = t;
    const { both } = await W();
    const rating = await both();
    const eager = await signUp(s, { accountTypeRadio: 'parent_user' });
    await linkUser(s, w.first, eager);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await comment(eager, rating, `n${i}`)).statusCode);
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(codes[20]).toBe(429);
  });
});
