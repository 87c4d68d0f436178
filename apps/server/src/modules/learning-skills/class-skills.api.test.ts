import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachingClassLearningSkills } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles, createClass } from '../../../test/classes';
import { classSkills, seedSkills } from '../../../test/ratings';

// A class's choice of skills (TeachingClassLearningSkill), beside the skills themselves in learning-skills.api.test.ts.
let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
beforeAll(async () => {
  s = await startTestServer();
  expect(await seedSkills(s)).toBe(8);
  w = await classWithRoles(s);
});
afterAll(() => s.close());

const linkCount = async (classId: number) =>
  (
    await s.ctx.db.select({ n: count() }).from(teachingClassLearningSkills).where(eq(teachingClassLearningSkills.teachingClassId, classId))
  )[0]!.n;

describe("a class's choice of skills", () => {
  it('starts a new class with the catalogue', async () => {
    const cls = await createClass(s, w.creator);
    expect(await linkCount(cls.id)).toBe(8);
  });

  it.each([
    ['creator', 204],
    ['coteacher', 204],
    ['evaluator', 403],
    ['linked', 404],
    ['stranger', 404],
  ] as const)('DELETE /teaching-class-learning-skill: %s gets %i; POST adds it back', async (role, status) => {
    const cls = await createClass(s, w.creator, { subscription: `${API}/subscription/${w.sub.id}` });
    await s.ctx.db.execute(`insert into teaching_class_teacher (teaching_class_id, teacher_id) values (${cls.id}, ${w.coteacher.id})`);
    const [first] = await classSkills(s, w.creator, cls.id);
    const res = await s.api('DELETE', first!.teachingClassLearningSkill, { token: w[role].token });
    expect(res.statusCode).toBe(status);
    expect(await linkCount(cls.id)).toBe(status === 204 ? 7 : 8);
    const again = await s.api('POST', `${API}/teaching-class-learning-skill`, {
      token: w[role].token,
      body: { teachingClass: cls['@id'], learningSkill: first!['@id'] },
    });
    expect(again.statusCode).toBe(status === 204 ? 201 : role === 'evaluator' ? 403 : 400);
    if (status === 204) {
      expect(again.json()).toMatchObject({
        '@type': 'TeachingClassLearningSkill',
        teachingClass: cls['@id'],
        learningSkill: { id: first!.id },
      });
      // Spec §3: every entity has created and updated; a class's choice of a skill is never changed.
      expect(again.json().updated).toBe(again.json().created);
    }
  });

  it('refuses a skill the class already uses or that the user cannot see; lists links per class', async () => {
    const [first] = await classSkills(s, w.creator, w.cls.id);
    const dup = await s.api('POST', `${API}/teaching-class-learning-skill`, {
      token: w.creator.token,
      body: { teachingClass: w.cls.id, learningSkill: first!.id },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().violations[0]).toMatchObject({ propertyPath: 'learningSkill', message: 'This skill is already used by this class.' });
    const hidden = (
      await s.api('POST', `${API}/learning-skill`, { token: w.stranger.token, body: { name: 'Hidden', colorCode: '#000000' } })
    ).json();
    expect(
      (
        await s.api('POST', `${API}/teaching-class-learning-skill`, {
          token: w.creator.token,
          body: { teachingClass: w.cls.id, learningSkill: hidden.id },
        })
      ).statusCode,
    ).toBe(400);
    const list = (
      await s.api('GET', `${API}/teaching-class-learning-skills?teachingClass.id=${w.cls.id}`, { token: w.evaluator.token })
    ).json();
    expect(list['hydra:totalItems']).toBe(await linkCount(w.cls.id));
    expect(
      (await s.api('GET', `${API}/teaching-class-learning-skills?teachingClass.id=${w.cls.id}`, { token: w.stranger.token })).json()[
        'hydra:totalItems'
      ],
    ).toBe(0);
    expect((await s.api('GET', list['hydra:member'][0]['@id'], { token: w.stranger.token })).statusCode).toBe(404);
    expect((await s.api('GET', list['hydra:member'][0]['@id'], { token: w.coteacher.token })).statusCode).toBe(200);
  });
});
