import { count } from 'drizzle-orm';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningSkills } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles, makeMedia } from '../../../test/classes';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
beforeAll(async () => {
  s = await startTestServer();
  expect(await seedSkills(s)).toBe(8);
  w = await classWithRoles(s);
});
afterAll(() => s.close());

const skillCount = async () => (await s.ctx.db.select({ n: count() }).from(learningSkills))[0]!.n;

describe('the catalogue', () => {
  it('has at least 8 skills with 3 to 5 ordered actions, SVG icons and colours; seeding again adds nothing', async () => {
    const skills = await classSkills(s, w.creator, w.cls.id);
    expect(skills.length).toBeGreaterThanOrEqual(8);
    for (const k of skills) {
      expect(k).toMatchObject({
        isPublic: true,
        creator: null,
        canEdit: false,
        avatar: { mediaType: MediaType.LearningSkillIcon, fileMimeType: 'image/svg+xml' },
      });
      expect(k.colorCode).toMatch(/^#[0-9a-f]{6}$/);
      expect(k.translationKey).toMatch(/^learning_skill\./);
      expect(k.learningActions.length).toBeGreaterThanOrEqual(3);
      expect(k.learningActions.length).toBeLessThanOrEqual(5);
      expect(k.learningActions.map((a) => a.position)).toEqual([...k.learningActions.map((a) => a.position)].sort((a, b) => a - b));
    }
    expect(await seedSkills(s)).toBe(0);
  });

  it('names every catalogue skill and action in the three locales', async () => {
    const skills = await classSkills(s, w.creator, w.cls.id);
    for (const locale of ['en', 'es', 'zh-HK']) {
      const texts = (await s.api('GET', `/api/public/v1/translation/${locale}`)).json().translations as Record<string, string>;
      for (const k of skills) {
        expect(texts[k.translationKey!], `${locale} ${k.translationKey}`).toBeTruthy();
        for (const a of k.learningActions) expect(texts[a.translationKey!], `${locale} ${a.translationKey}`).toBeTruthy();
      }
    }
  });

  it('serves a catalogue icon to anyone signed in, as an image', async () => {
    const [k] = await classSkills(s, w.creator, w.cls.id);
    const res = await s.api('GET', `/media/${k!.avatar!.id}`, { token: w.stranger.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
  });
});

describe('GET /teaching-class/{id}/learning-skills', () => {
  it.each([
    ['creator', 200],
    ['coteacher', 200],
    ['evaluator', 200],
    ['linked', 404],
    ['stranger', 404],
  ] as const)('answers %s with %i', async (role, status) => {
    const res = await s.api('GET', `${API}/teaching-class/${w.cls.id}/learning-skills`, { token: w[role].token });
    expect(res.statusCode).toBe(status);
    if (status === 200)
      expect(res.json()['hydra:member'][0]).toMatchObject({
        '@type': 'LearningSkill',
        teachingClassLearningSkill: expect.stringContaining('/teaching-class-learning-skill/'),
      });
  });
  it('answers 401 without a token', async () => {
    expect((await s.api('GET', `${API}/teaching-class/${w.cls.id}/learning-skills`)).statusCode).toBe(401);
  });
});

describe('custom skills and actions', () => {
  it.each([
    ['creator', 201],
    ['coteacher', 201],
    ['evaluator', 403],
    ['linked', 400],
    ['stranger', 400],
  ] as const)('POST /learning-skill from the class: %s gets %i', async (role, status) => {
    const before = await skillCount();
    const res = await s.api('POST', `${API}/learning-skill`, {
      token: w[role].token,
      body: { name: `Curiosity ${role}`, colorCode: '#AA3300', teachingClass: `${API}/teaching-class/${w.cls.id}` },
    });
    expect(res.statusCode).toBe(status);
    if (status !== 201) return expect(await skillCount()).toBe(before);
    expect(res.json()).toMatchObject({
      name: `Curiosity ${role}`,
      colorCode: '#aa3300',
      isPublic: false,
      creator: w[role].iri,
      canEdit: true,
      learningActions: [],
    });
    const used = (await classSkills(s, w.creator, w.cls.id)).map((k) => k.id);
    expect(used).toContain(res.json().id);
  });

  it('refuses a bad colour, a blank name, unknown fields and an icon of someone else, writing nothing', async () => {
    const before = await skillCount();
    const other = await makeMedia(s, MediaType.CustomLearningSkillIcon, w.coteacher.id);
    for (const body of [
      { name: 'X', colorCode: 'red' },
      { name: ' ', colorCode: '#112233' },
      { name: 'X', colorCode: '#112233', colour: 'red' },
      { name: 'X', colorCode: '#112233', avatar: other.id },
      { name: 'X', colorCode: '#112233', avatar: (await makeMedia(s, MediaType.RatingPhoto, w.creator.id)).id },
    ]) {
      const res = await s.api('POST', `${API}/learning-skill`, { token: w.creator.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()['@type']).toBe('ConstraintViolationList');
    }
    expect(await skillCount()).toBe(before);
    const own = await makeMedia(s, MediaType.CustomLearningSkillIcon, w.creator.id);
    const ok = await s.api('POST', `${API}/learning-skill`, {
      token: w.creator.token,
      body: { name: 'With icon', colorCode: '#112233', avatar: `${API}/media/${own.id}` },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().avatar.id).toBe(own.id);
    expect(
      (await s.api('POST', `${API}/learning-skill`, { token: w.linked.token, body: { name: 'Mine', colorCode: '#112233' } })).statusCode,
    ).toBe(403);
    // Read-only names sent back are ignored: a custom skill never joins the catalogue.
    const sentBack = await s.api('POST', `${API}/learning-skill`, {
      token: w.creator.token,
      body: { name: 'Public?', colorCode: '#112233', isPublic: true, translationKey: 'learning_skill.kindness' },
    });
    expect(sentBack.json()).toMatchObject({ isPublic: false, translationKey: null, creator: w.creator.iri });
  });

  it('lets only its creator edit a custom skill (DESIGN §2); not the catalogue, co-teachers, evaluators or strangers', async () => {
    const made = (
      await s.api('POST', `${API}/learning-skill`, {
        token: w.creator.token,
        body: { name: 'Focus', colorCode: '#123456', teachingClass: w.cls['@id'] },
      })
    ).json();
    const patch = (role: keyof typeof w & ('creator' | 'coteacher' | 'evaluator' | 'linked' | 'stranger'), id: number) =>
      s.api('PATCH', `${API}/learning-skill/${id}`, { token: w[role].token, body: { name: `Focus by ${role}` } });
    expect((await patch('creator', made.id)).json().name).toBe('Focus by creator');
    expect((await patch('coteacher', made.id)).statusCode).toBe(403);
    expect((await patch('evaluator', made.id)).statusCode).toBe(403);
    expect((await patch('linked', made.id)).statusCode).toBe(404);
    expect((await patch('stranger', made.id)).statusCode).toBe(404);
    const [catalogue] = await classSkills(s, w.creator, w.cls.id);
    const res = await patch('creator', catalogue!.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()['hydra:description']).toBe('The catalogue skills cannot be changed.');
    expect(
      (await s.api('PATCH', `${API}/learning-skill/${made.id}`, { token: w.creator.token, body: { colorCode: '#zzzzzz' } })).statusCode,
    ).toBe(400);
  });

  it('adds, renames, orders and deletes actions of a custom skill; an action with ratings stays (409)', async () => {
    const made = (
      await s.api('POST', `${API}/learning-skill`, {
        token: w.creator.token,
        body: { name: 'Tidiness', colorCode: '#345678', teachingClass: w.cls['@id'] },
      })
    ).json();
    const add = (role: 'creator' | 'coteacher' | 'evaluator' | 'linked' | 'stranger', name: string) =>
      s.api('POST', `${API}/learning-action`, { token: w[role].token, body: { learningSkill: made['@id'], name } });
    const a = await add('creator', 'Tidies the desk');
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ name: 'Tidies the desk', position: 0, learningSkill: made['@id'], translationKey: null });
    expect((await add('coteacher', 'X')).statusCode).toBe(403);
    expect((await add('creator', 'Hangs the coat')).json().position).toBe(1);
    expect((await add('evaluator', 'X')).statusCode).toBe(403);
    expect((await add('stranger', 'X')).statusCode).toBe(400);
    expect((await add('creator', '')).statusCode).toBe(400);
    const [catalogue] = await classSkills(s, w.creator, w.cls.id);
    expect(
      (await s.api('POST', `${API}/learning-action`, { token: w.creator.token, body: { learningSkill: catalogue!.id, name: 'X' } }))
        .statusCode,
    ).toBe(403);

    const list = await s.api('GET', `${API}/learning-actions?learningSkill.id=${made.id}`, { token: w.evaluator.token });
    expect(list.json()['hydra:member'].map((x: { name: string }) => x.name)).toEqual(['Tidies the desk', 'Hangs the coat']);
    expect(
      (await s.api('GET', `${API}/learning-actions?learningSkill.id=${made.id}`, { token: w.stranger.token })).json()['hydra:totalItems'],
    ).toBe(0);

    const id = a.json().id;
    expect((await s.api('PATCH', `${API}/learning-action/${id}`, { token: w.coteacher.token, body: { name: 'X' } })).statusCode).toBe(403);
    expect(
      (
        await s.api('PATCH', `${API}/learning-action/${id}`, { token: w.creator.token, body: { name: 'Keeps the desk tidy', position: 5 } })
      ).json(),
    ).toMatchObject({ name: 'Keeps the desk tidy', position: 5 });
    expect((await s.api('PATCH', `${API}/learning-action/${id}`, { token: w.evaluator.token, body: { name: 'X' } })).statusCode).toBe(403);
    expect((await s.api('PATCH', `${API}/learning-action/${id}`, { token: w.stranger.token, body: { name: 'X' } })).statusCode).toBe(404);
    expect(
      (await s.api('DELETE', `${API}/learning-action/${catalogue!.learningActions[0]!.id}`, { token: w.creator.token })).statusCode,
    ).toBe(403);

    await rate(s, w.evaluator, w.cls.id, id);
    expect((await s.api('DELETE', `${API}/learning-action/${id}`, { token: w.creator.token })).statusCode).toBe(409);
    const spare = (await add('creator', 'Spare')).json().id;
    expect((await s.api('DELETE', `${API}/learning-action/${spare}`, { token: w.evaluator.token })).statusCode).toBe(403);
    expect((await s.api('DELETE', `${API}/learning-action/${spare}`, { token: w.creator.token })).statusCode).toBe(204);
    expect((await s.api('GET', `${API}/learning-action/${spare}`, { token: w.creator.token })).statusCode).toBe(404);
  });
});

describe('reading one custom skill, action and class link', () => {
  it.each([
    ['creator', 200],
    ['coteacher', 200],
    ['evaluator', 200],
    ['linked', 404],
    ['stranger', 404],
    ['anonymous', 401],
  ] as const)('answers %s with %i', async (role, status) => {
    const skill = (
      await s.api('POST', `${API}/learning-skill`, {
        token: w.creator.token,
        body: { name: `Seen by ${role}`, colorCode: '#0a0b0c', teachingClass: w.cls['@id'] },
      })
    ).json();
    const action = (
      await s.api('POST', `${API}/learning-action`, { token: w.creator.token, body: { learningSkill: skill['@id'], name: 'Does it' } })
    ).json();
    const link = (await classSkills(s, w.creator, w.cls.id)).find((k) => k.id === skill.id)!.teachingClassLearningSkill;
    const token = role === 'anonymous' ? undefined : w[role].token;
    for (const url of [skill['@id'], action['@id'], link]) expect((await s.api('GET', url, { token })).statusCode, url).toBe(status);
  });
});

describe('GET /learning-skills', () => {
  it('lists the catalogue to anyone signed in, with isPublic, creator.id and id[] filters', async () => {
    const pub = (await s.api('GET', `${API}/learning-skills?isPublic=1`, { token: w.stranger.token })).json();
    // The catalogue's 8 and the 10 of the social-emotional and approaches-to-learning frameworks (DESIGN §12).
    expect(pub['hydra:totalItems']).toBe(18);
    const mine = (await s.api('GET', `${API}/learning-skills?creator.id=${w.creator.id}`, { token: w.creator.token })).json();
    expect(mine['hydra:totalItems']).toBeGreaterThan(0);
    expect(mine['hydra:member'].every((k: { creator: string }) => k.creator === w.creator.iri)).toBe(true);
    // The stranger sees the catalogue only: custom skills of classes they are not in are unknown to them.
    expect((await s.api('GET', `${API}/learning-skills?isPublic=0`, { token: w.stranger.token })).json()['hydra:totalItems']).toBe(0);
    const two = pub['hydra:member'].slice(0, 2).map((k: { id: number }) => k.id);
    const picked = (await s.api('GET', `${API}/learning-skills?id[]=${two[0]}&id[]=${two[1]}`, { token: w.evaluator.token })).json();
    expect(picked['hydra:member'].map((k: { id: number }) => k.id).sort()).toEqual([...two].sort());
    expect((await s.api('GET', `${API}/learning-skills?isPublic=maybe`, { token: w.creator.token })).statusCode).toBe(400);
    expect((await s.api('GET', `${API}/learning-skills`)).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/learning-skill/${two[0]}`, { token: w.linked.token })).statusCode).toBe(200);
  });
});
