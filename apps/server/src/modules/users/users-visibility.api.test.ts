import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCoTeacher, addStudent, API, createClass, linkUser, makeMedia, makeSubscription } from '../../../test/classes';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';

// A signed-in user reads someone else's profile only when they work together: a class or a subscription.
describe('GET /user/{id}: who sees whom', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const status = async (viewer: { token: string }, target: { id: number }) => (await s.api('GET', `${API}/user/${target.id}`, { token: viewer.token })).statusCode;

  it('lets the members of one class see each other: creator, co-teacher and a user linked to a student', async () => {
    const [creator, co, parent, stranger] = await Promise.all([signUp(s), signUp(s), signUp(s, { accountTypeRadio: 'parent_user' }), signUp(s)]);
    const cls = await createClass(s, creator);
    await addCoTeacher(s, cls.id, co);
    await linkUser(s, await addStudent(s, creator, cls.id), parent);
    for (const [a, b] of [[creator, co], [co, creator], [creator, parent], [parent, creator], [co, parent], [parent, co]] as const) expect(await status(a, b)).toBe(200);
    for (const member of [creator, co, parent]) {
      expect(await status(stranger, member)).toBe(404);
      expect(await status(member, stranger)).toBe(404);
    }
    // Walking ids finds nothing but oneself: a stranger's 404 reads exactly as a missing user's.
    const missing = await s.api('GET', `${API}/user/999999`, { token: stranger.token });
    const hidden = await s.api('GET', `${API}/user/${creator.id}`, { token: stranger.token });
    expect(hidden.json()).toEqual(missing.json());
    expect(await status(stranger, stranger)).toBe(200);
  });

  it('lets the members of one subscription (teachers, evaluators) see each other', async () => {
    const [teacher, evaluator, outsider] = await Promise.all([signUp(s), signUp(s), signUp(s)]);
    await makeSubscription(s, { teachers: [teacher], evaluators: [evaluator] });
    expect(await status(teacher, evaluator)).toBe(200);
    expect(await status(evaluator, teacher)).toBe(200);
    expect(await status(outsider, evaluator)).toBe(404);
  });

  it('shows an avatar file only to those who may see its owner', async () => {
    const [owner, colleague, stranger] = await Promise.all([signUp(s), signUp(s), signUp(s)]);
    const avatar = await makeMedia(s, 7, owner.id);
    await s.ctx.db.update(users).set({ avatarId: avatar.id }).where(eq(users.id, owner.id));
    await addCoTeacher(s, (await createClass(s, owner)).id, colleague);
    expect((await s.api('GET', `${API}/media/${avatar.id}`, { token: colleague.token })).statusCode).toBe(200);
    expect((await s.api('GET', `${API}/media/${avatar.id}`, { token: stranger.token })).statusCode).toBe(404);
  });
});
