import type { ClassLearningSkill } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { studentProfileUsers, users } from '../../db/schema';
import { API, createClass, linkUser, withClassRoles, type TestUser } from '../../../test/classes';
import { signUp } from '../../../test/harness';
import { classSkills, rate } from '../../../test/ratings';

const t = withClassRoles({}, { skills: true });
const call = (method: string, path: string, u: TestUser | null, body?: unknown) =>
  t.s.api(method as 'GET', `${API}${path}`, { token: u?.token, body });
const paths = (res: { json: () => unknown }) =>
  ((res.json() as { violations?: { propertyPath: string }[] }).violations ?? []).map((v) => v.propertyPath);

type Skill = ClassLearningSkill;

describe('stages (DESIGN §12)', () => {
  it("gives the catalogue's skills four stages in the reader's language", async () => {
    const skills = await classSkills(t.s, t.w.creator, t.w.cls.id);
    expect(skills.length).toBe(8);
    for (const k of skills) expect(k.stages.map((x) => x.points)).toEqual([1, 2, 4, 5]);
    expect(skills[0]!.stages.map((x) => x.name)).toEqual(['Beginning', 'Developing', 'Secure', 'Extending']);
    expect(skills[0]!.stages[0]!.translationKey).toMatch(/^learning_stage\.\w+\.beginning$/);
    await t.s.ctx.db.update(users).set({ preferredLanguage: 'es' }).where(eq(users.id, t.w.coteacher.id));
    const es = await classSkills(t.s, t.w.coteacher, t.w.cls.id);
    expect(es[0]!.stages.map((x) => x.name)).toEqual(['Inicial', 'En desarrollo', 'Consolidado', 'Avanzado']);
    expect(es[0]!.stages[0]!.description).not.toBe(skills[0]!.stages[0]!.description);
  });

  it('gives a custom skill the generic four, or its own; refuses bad stages naming the field, changing nothing', async () => {
    const made = await call('POST', '/learning-skill', t.w.creator, { name: 'Curiosity', teachingClass: t.w.cls['@id'] });
    expect(made.statusCode, made.body).toBe(201);
    expect((made.json() as Skill).stages.map((x) => [x.points, x.name])).toEqual([
      [1, 'Beginning'],
      [2, 'Developing'],
      [4, 'Secure'],
      [5, 'Extending'],
    ]);
    const id = (made.json() as Skill).id;
    const own = [
      { points: 2, name: 'Tries', description: 'Has a go' },
      { points: 4, name: 'Owns it' },
    ];
    const patched = await call('PATCH', `/learning-skill/${id}`, t.w.creator, { stages: own });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((patched.json() as Skill).stages).toEqual([
      { points: 2, name: 'Tries', description: 'Has a go', translationKey: null },
      { points: 4, name: 'Owns it', description: '', translationKey: null },
    ]);
    const bad: [unknown, string][] = [
      [[{ points: 1, name: 'Only' }], 'stages'],
      [
        [1, 2, 3, 4, 5]
          .flatMap((p) => [{ points: p, name: `S${p}` }])
          .concat([
            { points: 5, name: 'x' },
            { points: 5, name: 'y' },
          ]),
        'stages',
      ],
      [
        [
          { points: 3, name: 'B' },
          { points: 2, name: 'A' },
        ],
        'stages',
      ],
      [
        [
          { points: 2, name: 'A' },
          { points: 2, name: 'B' },
        ],
        'stages',
      ],
      [
        [
          { points: 2, name: 'A' },
          { points: 6, name: 'B' },
        ],
        'stages.1.points',
      ],
      [
        [
          { points: 2, name: '' },
          { points: 3, name: 'B' },
        ],
        'stages.0.name',
      ],
    ];
    for (const [stages, path] of bad) {
      const res = await call('PATCH', `/learning-skill/${id}`, t.w.creator, { stages });
      expect(res.statusCode, res.body).toBe(400);
      expect(paths(res)).toContain(path);
    }
    const refused = await call('POST', '/learning-skill', t.w.creator, { name: 'Bad', stages: [{ points: 1, name: 'A' }] });
    expect(refused.statusCode).toBe(400);
    expect((await call('GET', `/learning-skill/${id}`, t.w.creator)).json().stages).toHaveLength(2);

    // A rating's points lie within the skill's stages (2 to 4 here): 400 on `points` otherwise, nothing written.
    const action = (await call('POST', '/learning-action', t.w.creator, { learningSkill: id, name: 'Wonders' })).json().id as number;
    const before = (await call('GET', `/ratings?learningSkill.id=${id}`, t.w.creator)).json()['hydra:totalItems'];
    for (const points of [1, 5]) {
      const res = await call('POST', '/rating', t.w.creator, {
        teachingClass: t.w.cls['@id'],
        learningAction: `${API}/learning-action/${action}`,
        date: '2026-10-05',
        points,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(paths(res)).toEqual(['points']);
    }
    const observed = await call('POST', '/observation', t.w.creator, {
      teachingClass: t.w.cls['@id'],
      learningActions: [`${API}/learning-action/${action}`],
      date: '2026-10-05',
      points: 1,
    });
    expect(paths(observed)).toEqual(['points']);
    expect((await call('GET', `/ratings?learningSkill.id=${id}`, t.w.creator)).json()['hydra:totalItems']).toBe(before);
    const ok = await rate(t.s, t.w.creator, t.w.cls.id, action, { points: 3 });
    const moved = await call('PATCH', `/rating/${ok.id}`, t.w.creator, { points: 5 });
    expect(paths(moved)).toEqual(['points']);
  });
});

describe('GET /frameworks and POST /teaching-class/{id}/framework (DESIGN §12)', () => {
  it('lists three frameworks to anyone signed in, each skill with 3 to 5 actions and 4 stages, in their language', async () => {
    const zh = await signUp(t.s, { preferredLanguage: 'zh-HK', accountTypeRadio: 'parent_user' });
    const res = await call('GET', '/frameworks', zh);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json()['hydra:member'] as { id: string; name: string; learningSkills: Skill[] }[];
    expect(list.map((f) => [f.id, f.learningSkills.length])).toEqual([
      ['skillroom', 8],
      ['social-emotional', 5],
      ['approaches-to-learning', 5],
    ]);
    expect(list[1]!.name).toBe('社交與情緒學習');
    for (const k of list.flatMap((f) => f.learningSkills)) {
      expect(k.learningActions.length).toBeGreaterThanOrEqual(3);
      expect(k.learningActions.length).toBeLessThanOrEqual(5);
      expect(k.stages).toHaveLength(4);
    }
    expect(list[2]!.learningSkills[0]!.stages[0]!.name).toBe('起步');
    expect((await call('GET', '/frameworks', null)).statusCode).toBe(401);
  });

  it('adds a framework in one step for the class creator only; twice adds nothing twice; a finished class is 409', async () => {
    const { w } = t;
    const other = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.second, other);
    const removed = await signUp(t.s, { accountTypeRadio: 'parent_user' });
    await linkUser(t.s, w.first, removed);
    await t.s.ctx.db.delete(studentProfileUsers).where(eq(studentProfileUsers.userId, removed.id));
    const adopt = (u: TestUser | null, framework: unknown = 'social-emotional', id = w.cls.id) =>
      call('POST', `/teaching-class/${id}/framework`, u, { framework });
    const expected: [TestUser | null, number][] = [
      [w.coteacher, 403],
      [w.evaluator, 403],
      [w.linked, 404],
      [other, 404],
      [removed, 404],
      [w.stranger, 404],
      [null, 401],
    ];
    for (const [u, status] of expected) expect((await adopt(u)).statusCode).toBe(status);
    const count = async () => (await classSkills(t.s, w.creator, w.cls.id)).length;
    const n = await count();
    const first = await adopt(w.creator);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().added).toHaveLength(5);
    expect(await count()).toBe(n + 5);
    const again = await adopt(w.creator);
    expect(again.json().added).toEqual([]);
    expect(await count()).toBe(n + 5);
    const bad = await adopt(w.creator, 'made-up');
    expect(bad.statusCode).toBe(400);
    expect(paths(bad)).toEqual(['framework']);

    // A class keeps its ratings when a skill is removed from it.
    const sel = (await classSkills(t.s, w.creator, w.cls.id)).find((k) => k.translationKey === 'learning_skill.sel_self_awareness')!;
    const rating = await rate(t.s, w.creator, w.cls.id, sel.learningActions[0]!.id, { students: [w.first['@id']] });
    const unlinked = await call('DELETE', sel.teachingClassLearningSkill.replace(API, ''), w.creator);
    expect(unlinked.statusCode).toBe(204);
    expect((await call('GET', `/rating/${rating.id}`, w.creator)).statusCode).toBe(200);

    const finished = await createClass(t.s, w.creator, { isFinished: true });
    expect((await adopt(w.creator, 'approaches-to-learning', finished.id)).statusCode).toBe(409);
  });
});

describe('class settings selfAssessment and coverageDays (DESIGN §12)', () => {
  it('default to off and 14, are written by the class creator only, within 1 to 365', async () => {
    const { w } = t;
    const cls = (await call('GET', `/teaching-class/${w.cls.id}`, w.creator)).json();
    expect([cls.selfAssessment, cls.coverageDays]).toEqual([false, 14]);
    const set = await call('PATCH', `/teaching-class/${w.cls.id}`, w.creator, { selfAssessment: true, coverageDays: 30 });
    expect(set.statusCode, set.body).toBe(200);
    expect([set.json().selfAssessment, set.json().coverageDays]).toEqual([true, 30]);
    for (const coverageDays of [0, 366, 2.5, '7']) {
      const res = await call('PATCH', `/teaching-class/${w.cls.id}`, w.creator, { coverageDays });
      expect(paths(res)).toEqual(['coverageDays']);
    }
    expect((await call('PATCH', `/teaching-class/${w.cls.id}`, w.coteacher, { coverageDays: 7 })).statusCode).toBe(403);
    expect((await call('GET', `/teaching-class/${w.cls.id}`, w.creator)).json().coverageDays).toBe(30);
    await call('PATCH', `/teaching-class/${w.cls.id}`, w.creator, { selfAssessment: false, coverageDays: 14 });
  });
});
