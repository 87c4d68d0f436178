import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SKILL_COLOR, MediaType } from '@skillroom/contract';
import { learningActions, learningSkills } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles, createClass, makeMedia, type TestUser } from '../../../test/classes';
import { classSkills, seedSkills } from '../../../test/ratings';

/*
 * DESIGN §2: a custom skill and its actions are changed by their creator only. Using the skill in one's own class (a
 * co-teacher of the class it was made in, an evaluator who added it to a class of theirs) never grants that right.
 */

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let skillId: number;
let actionId: number;

const snapshot = async () => ({
  skill: (await s.ctx.db.select().from(learningSkills).where(eq(learningSkills.id, skillId)))[0],
  actions: await s.ctx.db.select().from(learningActions).where(eq(learningActions.learningSkillId, skillId)).orderBy(learningActions.id),
});

beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  const made = await s.api('POST', `${API}/learning-skill`, {
    token: w.creator.token,
    body: { name: 'Resilience', colorCode: '#336699', teachingClass: `${API}/teaching-class/${w.cls.id}` },
  });
  expect(made.statusCode, made.body).toBe(201);
  skillId = made.json().id;
  const action = await s.api('POST', `${API}/learning-action`, {
    token: w.creator.token,
    body: { learningSkill: skillId, name: 'Tries again' },
  });
  expect(action.statusCode, action.body).toBe(201);
  actionId = action.json().id;
  // The evaluator (a teacher account) uses the skill in a class of their own.
  const own = await createClass(s, w.evaluator, { name: 'Evaluator class' });
  const used = await s.api('POST', `${API}/teaching-class-learning-skill`, {
    token: w.evaluator.token,
    body: { teachingClass: own.id, learningSkill: skillId },
  });
  expect(used.statusCode, used.body).toBe(201);
});
afterAll(() => s.close());

describe('custom skills are changed by their creator only', () => {
  it.each(['coteacher', 'evaluator'] as const)('refuses the %s every change with 403 and changes nothing', async (role) => {
    const u: TestUser = w[role];
    const before = await snapshot();
    const icon = await makeMedia(s, MediaType.CustomLearningSkillIcon, u.id);
    const calls = [
      s.api('PATCH', `${API}/learning-skill/${skillId}`, { token: u.token, body: { name: 'Renamed' } }),
      s.api('PATCH', `${API}/learning-skill/${skillId}`, { token: u.token, body: { avatar: icon.id } }),
      s.api('POST', `${API}/learning-action`, { token: u.token, body: { learningSkill: skillId, name: 'Added' } }),
      s.api('PATCH', `${API}/learning-action/${actionId}`, { token: u.token, body: { name: 'Changed' } }),
      s.api('DELETE', `${API}/learning-action/${actionId}`, { token: u.token }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    expect(await snapshot()).toEqual(before);
    const seen = await s.api('GET', `${API}/learning-skill/${skillId}`, { token: u.token });
    expect(seen.json()).toMatchObject({ id: skillId, canEdit: false });
    expect((await classSkills(s, u, w.cls.id)).find((k) => k.id === skillId)).toMatchObject({ canEdit: false });
  });

  it('keeps the skill unknown to a linked user and a stranger (404)', async () => {
    for (const u of [w.linked, w.stranger]) {
      expect((await s.api('PATCH', `${API}/learning-skill/${skillId}`, { token: u.token, body: { name: 'X' } })).statusCode).toBe(404);
      expect((await s.api('PATCH', `${API}/learning-action/${actionId}`, { token: u.token, body: { name: 'X' } })).statusCode).toBe(404);
    }
  });

  it('lets the creator change the skill and its actions, and shows them canEdit', async () => {
    expect((await s.api('PATCH', `${API}/learning-skill/${skillId}`, { token: w.creator.token, body: { name: 'Grit' } })).statusCode).toBe(
      200,
    );
    expect(
      (await s.api('PATCH', `${API}/learning-action/${actionId}`, { token: w.creator.token, body: { name: 'Keeps going' } })).statusCode,
    ).toBe(200);
    const added = await s.api('POST', `${API}/learning-action`, {
      token: w.creator.token,
      body: { learningSkill: skillId, name: 'Asks for help' },
    });
    expect(added.statusCode).toBe(201);
    expect((await s.api('DELETE', `${API}/learning-action/${added.json().id}`, { token: w.creator.token })).statusCode).toBe(204);
    const seen = await s.api('GET', `${API}/learning-skill/${skillId}`, { token: w.evaluator.token });
    expect(seen.json()).toMatchObject({
      name: 'Grit',
      canEdit: false,
      learningActions: [expect.objectContaining({ name: 'Keeps going' })],
    });
    expect((await s.api('GET', `${API}/learning-skill/${skillId}`, { token: w.creator.token })).json()).toMatchObject({ canEdit: true });
  });
});

describe('a custom skill without a colour', () => {
  it('gives a custom skill sent without a colour the default one, and keeps it when a rename names none', async () => {
    const res = await s.api('POST', `${API}/learning-skill`, { token: w.creator.token, body: { name: 'No colour' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().colorCode).toBe(DEFAULT_SKILL_COLOR);
    const renamed = await s.api('PATCH', `${API}/learning-skill/${res.json().id}`, { token: w.creator.token, body: { name: 'Renamed' } });
    expect(renamed.json()).toMatchObject({ name: 'Renamed', colorCode: DEFAULT_SKILL_COLOR });
  });
});
