import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { addStudent, API, createClass, type TestUser } from '../../../test/classes';
import { classSkills, rate, seedSkills } from '../../../test/ratings';
import { ratingsRepository } from '../ratings/ratings.repository';
import { teachingClassesRepository } from './teaching-classes.repository';

// DESIGN §14 "No global lock": cached class and feed answers are validated per class and carry an ETag. A write in one
// class changes that class's answers (and tags) only; a client holding the current tag gets 304 with no body.
describe('ETags of class and feed reads', () => {
  let s: TestServer;
  let t: TestUser;
  let a: { id: number };
  let b: { id: number };
  let actionA: number;
  let actionB: number;
  beforeAll(async () => {
    s = await startTestServer();
    await seedSkills(s);
    t = await signUp(s);
    [a, b] = [await createClass(s, t, { name: 'Class A' }), await createClass(s, t, { name: 'Class B' })];
    actionA = (await classSkills(s, t, a.id))[0]!.learningActions[0]!.id;
    actionB = (await classSkills(s, t, b.id))[0]!.learningActions[0]!.id;
  });
  afterAll(() => s.close());

  const get = (url: string, etag?: string, token = t.token) => s.api('GET', url, { token, headers: etag ? { 'if-none-match': etag } : {} });
  const tagOf = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    return String(res.headers.etag);
  };
  const classUrl = (id: number) => `${API}/teaching-class/${id}`;
  const feedUrl = (id: number) => `${API}/ratings?teachingClass.id=${id}`;

  it('answers 304 with no body to a client holding the current tag, 200 with the answer to any other', async () => {
    const tag = await tagOf(classUrl(a.id));
    expect(tag).toMatch(/^W\/".+"$/);
    const again = await get(classUrl(a.id), tag);
    expect([again.statusCode, again.body, again.headers.etag]).toEqual([304, '', tag]);
    // Several tags, one of them current; and the strong form of the same tag.
    expect((await get(classUrl(a.id), `W/"old", ${tag}`)).statusCode).toBe(304);
    expect((await get(classUrl(a.id), tag.slice(2))).statusCode).toBe(304);
    const other = await get(classUrl(a.id), 'W/"something-else"');
    expect(other.statusCode).toBe(200);
    expect(other.json().name).toBe('Class A');
    const feedTag = await tagOf(feedUrl(a.id));
    expect((await get(feedUrl(a.id), feedTag)).statusCode).toBe(304);
  });

  it("changes class A's tags after a write in class A and leaves class B's as they were", async () => {
    const before = { a: await tagOf(classUrl(a.id)), b: await tagOf(classUrl(b.id)) };
    const feedsBefore = { a: await tagOf(feedUrl(a.id)), b: await tagOf(feedUrl(b.id)) };
    await addStudent(s, t, a.id);
    await rate(s, t, a.id, actionA);
    const tagA = await tagOf(classUrl(a.id));
    expect(tagA).not.toBe(before.a);
    expect((await get(classUrl(a.id), before.a)).json().teachingClassStudents).toHaveLength(1);
    expect(await tagOf(classUrl(b.id))).toBe(before.b);
    expect((await get(classUrl(b.id), before.b)).statusCode).toBe(304);
    expect(await tagOf(feedUrl(a.id))).not.toBe(feedsBefore.a);
    expect((await get(feedUrl(a.id), feedsBefore.a)).json()['hydra:totalItems']).toBe(1);
    expect((await get(feedUrl(b.id), feedsBefore.b)).statusCode).toBe(304);
  });

  it("rates in class B without moving the version of class A's cached answers", async () => {
    const cached = async (id: number) => (await s.api('GET', classUrl(id), { token: t.token })).headers.etag;
    const classTag = await cached(a.id);
    const feedTag = await tagOf(feedUrl(a.id));
    const versions = () =>
      Promise.all([
        teachingClassesRepository.detailVersion(s.ctx.db, a.id),
        ratingsRepository.version(s.ctx.db, t.id, [a.id]),
        ratingsRepository.version(s.ctx.db, t.id, [b.id]),
      ]);
    const [classA, feedA, feedB] = await versions();
    await rate(s, t, b.id, actionB);
    const after = await versions();
    expect(after.slice(0, 2)).toEqual([classA, feedA]);
    expect(after[2]).not.toBe(feedB);
    expect((await get(classUrl(a.id), String(classTag))).statusCode).toBe(304);
    expect((await get(feedUrl(a.id), feedTag)).statusCode).toBe(304);
    expect((await get(feedUrl(b.id))).json()['hydra:totalItems']).toBe(1);
  });

  it("never answers 304 to another user's tag for a class they may not see", async () => {
    const stranger = await signUp(s);
    const tag = await tagOf(classUrl(a.id));
    expect((await get(classUrl(a.id), tag, stranger.token)).statusCode).toBe(404);
  });
});
