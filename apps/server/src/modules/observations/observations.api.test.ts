import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LEARNING_SKILL_MESSAGES, MediaType, OBSERVATION_MESSAGES, RATING_MESSAGES, type Observation } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles } from '../../../test/classes';
import { uploadImage } from '../../../test/erasure';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

/** DESIGN §14 "One write per observation": POST, PATCH and DELETE /observation, one transaction and one key each. */

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let actions: number[];
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  actions = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions.map((a) => a.id);
});
afterAll(() => s.close());

type Who = 'creator' | 'coteacher' | 'evaluator' | 'linked' | 'stranger';
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await s.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const ratingsOf = (observation: string) => count(sql`select count(*)::int n from rating where observation = ${observation}::uuid`);
const body = (o: Record<string, unknown> = {}) => ({
  teachingClass: `${API}/teaching-class/${w.cls.id}`,
  learningActions: actions.slice(0, 2).map((a) => `${API}/learning-action/${a}`),
  date: '2026-10-05',
  points: 4,
  description: 'Explained fractions to the group.',
  students: [w.first['@id'], w.second['@id']],
  ...o,
});
const post = (who: Who | null, b: Record<string, unknown>, key?: string) =>
  s.api('POST', `${API}/observation`, { token: who ? w[who].token : undefined, body: b, headers: key ? { 'idempotency-key': key } : {} });
async function observe(who: Who, o: Record<string, unknown> = {}) {
  const res = await post(who, body(o));
  if (res.statusCode !== 201) throw new Error(`observation failed: ${res.statusCode} ${res.body}`);
  return res.json() as Observation;
}

describe('POST /observation', () => {
  it.each(['creator', 'coteacher', 'evaluator'] as const)('%s saves 2 actions, 2 students and a photo in one write', async (who) => {
    const photo = await uploadImage(s, w[who].token, MediaType.RatingPhoto);
    const res = await post(who, body({ medias: [photo['@id']] }));
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json() as Observation;
    expect(res.headers.location).toBe(`${API}/observation/${o.id}`);
    expect(o).toMatchObject({ '@type': 'Observation', '@id': res.headers.location, teachingClass: `${API}/teaching-class/${w.cls.id}` });
    expect(o.ratings.map((r) => r.learningAction?.id)).toEqual(actions.slice(0, 2));
    for (const r of o.ratings) {
      expect(r).toMatchObject({ observation: o.id, points: 4, date: '2026-10-05', isWholeClass: false, canEdit: true });
      expect(r.students).toEqual([w.first['@id'], w.second['@id']]);
      expect(r.medias.map((m) => m.media.id)).toEqual([photo.id]);
    }
    expect(await count(sql`select count(*)::int n from rating_media where media_id = ${photo.id}`)).toBe(2);
    const read = await s.api('GET', `${API}/observation/${o.id}`, { token: w.creator.token });
    expect(read.json().ratings.map((r: { id: number }) => r.id)).toEqual(o.ratings.map((r) => r.id));
  });

  it('for the whole class, with a client-chosen id; the same id again answers 409 and writes nothing', async () => {
    const id = randomUUID();
    const o = await observe('creator', { observation: id, students: [] });
    expect(o.id).toBe(id);
    expect(o.ratings.every((r) => r.isWholeClass)).toBe(true);
    const again = await post('creator', body({ observation: id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail ?? again.body).toContain(OBSERVATION_MESSAGES.exists);
    expect(await ratingsOf(id)).toBe(2);
  });

  it('replays the same answer for the same Idempotency-Key and writes once', async () => {
    const key = randomUUID();
    const id = randomUUID();
    const first = await post('coteacher', body({ observation: id }), key);
    const again = await post('coteacher', body({ observation: id }), key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.json().ratings.map((r: { id: number }) => r.id)).toEqual(first.json().ratings.map((r: { id: number }) => r.id));
    expect(await ratingsOf(id)).toBe(2);
  });

  it.each([
    ['no action', () => ({ learningActions: [] }), 'learningActions', OBSERVATION_MESSAGES.actions],
    ['an unknown action', () => ({ learningActions: [actions[0], 999999] }), 'learningActions.1', 'This learning action does not exist.'],
    ['another skill', () => ({ learningSkill: 999999 }), 'learningSkill', RATING_MESSAGES.skillMismatch],
    [
      'a student of no place',
      () => ({ students: [w.first['@id'], `${API}/teaching-class-student/999999`] }),
      'students.1',
      RATING_MESSAGES.studentNotInClass,
    ],
    ['a date after the class', () => ({ date: '2099-01-01' }), 'date', RATING_MESSAGES.dateAfterClass],
    ['an unknown class', () => ({ teachingClass: 999999 }), 'teachingClass', 'This teaching class does not exist.'],
  ] as const)('refuses %s with a violation at its property; nothing is written', async (_, o, path, message) => {
    const id = randomUUID();
    const res = await post('creator', body({ observation: id, ...o() }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().violations).toContainEqual({ propertyPath: path, message });
    expect(await ratingsOf(id)).toBe(0);
  });

  it('refuses an action of a skill the class does not use, and a photo of someone else', async () => {
    const link = (await classSkills(s, w.creator, w.cls.id)).at(-1)!;
    expect((await s.api('DELETE', link.teachingClassLearningSkill, { token: w.creator.token })).statusCode).toBe(204);
    const notInClass = link.learningActions[0]!.id;
    const refused = await post('creator', body({ learningActions: [actions[0], notInClass] }));
    expect(refused.json().violations).toContainEqual({ propertyPath: 'learningActions.1', message: LEARNING_SKILL_MESSAGES.notInClass });
    const photo = await uploadImage(s, w.evaluator.token, MediaType.RatingPhoto);
    const theirs = await post('creator', body({ medias: [photo['@id']] }));
    expect(theirs.json().violations).toContainEqual({ propertyPath: 'medias.0', message: RATING_MESSAGES.mediaNotYours });
  });

  it.each([
    ['stranger', 400],
    ['linked', 400],
    [null, 401],
  ] as const)('%s may not rate the class: %i', async (who, status) => {
    const id = randomUUID();
    expect((await post(who, body({ observation: id }))).statusCode).toBe(status);
    expect(await ratingsOf(id)).toBe(0);
  });
});

describe('PATCH /observation/{id}', () => {
  it('changes actions, students, points, date, note and media as a whole', async () => {
    const photo = await uploadImage(s, w.coteacher.token, MediaType.RatingPhoto);
    const o = await observe('coteacher', { medias: [photo['@id']] });
    const second = await uploadImage(s, w.coteacher.token, MediaType.RatingPhoto);
    const res = await s.api('PATCH', `${API}/observation/${o.id}`, {
      token: w.coteacher.token,
      body: {
        learningActions: [actions[1], actions[2]],
        students: [w.second['@id']],
        points: 2,
        date: '2026-10-06',
        description: 'Changed.',
        medias: [second['@id']],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json() as Observation;
    expect(now.ratings.map((r) => r.learningAction?.id)).toEqual([actions[1], actions[2]]);
    expect(now.ratings[0]!.id).toBe(o.ratings[1]!.id);
    for (const r of now.ratings) {
      expect(r).toMatchObject({ points: 2, date: '2026-10-06', description: 'Changed.', students: [w.second['@id']] });
      expect(r.medias.map((m) => m.media.id)).toEqual([second.id]);
      expect(r.creator?.id).toBe(w.coteacher.id);
    }
    // The first photo went with its file: nothing links it any more.
    expect(await count(sql`select count(*)::int n from media where id = ${photo.id}`)).toBe(0);
    expect(await ratingsOf(o.id)).toBe(2);
  });

  it("the class's creator edits a co-teacher's observation, keeping their photo; a co-teacher may not edit the creator's", async () => {
    const photo = await uploadImage(s, w.coteacher.token, MediaType.RatingPhoto);
    const o = await observe('coteacher', { medias: [photo['@id']] });
    const res = await s.api('PATCH', `${API}/observation/${o.id}`, {
      token: w.creator.token,
      body: { learningActions: [actions[0], actions[1], actions[3]], medias: [photo['@id']] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ratings).toHaveLength(3);
    expect(res.json().ratings[2]).toMatchObject({
      students: [w.first['@id'], w.second['@id']],
      points: 4,
      creator: { id: w.coteacher.id },
    });
    expect(await count(sql`select count(*)::int n from rating_media where media_id = ${photo.id}`)).toBe(3);
    const mine = await observe('creator');
    const refused = await s.api('PATCH', `${API}/observation/${mine.id}`, { token: w.coteacher.token, body: { points: 1 } });
    expect(refused.statusCode).toBe(403);
  });

  it.each([
    ['evaluator', 403],
    ['linked', 403],
    ['stranger', 404],
  ] as const)("%s changing the creator's observation: %i, nothing changes", async (who, status) => {
    const o = await observe('creator');
    const res = await s.api('PATCH', `${API}/observation/${o.id}`, { token: w[who].token, body: { points: 1 } });
    expect(res.statusCode).toBe(status);
    expect(await count(sql`select count(*)::int n from rating where observation = ${o.id}::uuid and points = 4`)).toBe(2);
  });

  it('refuses bad input with a violation and an unknown id with 404; anonymous gets 401', async () => {
    const o = await observe('creator');
    const bad = await s.api('PATCH', `${API}/observation/${o.id}`, { token: w.creator.token, body: { learningActions: [] } });
    expect(bad.statusCode).toBe(400);
    expect((await s.api('PATCH', `${API}/observation/${randomUUID()}`, { token: w.creator.token, body: { points: 1 } })).statusCode).toBe(
      404,
    );
    expect((await s.api('PATCH', `${API}/observation/12`, { token: w.creator.token, body: { points: 1 } })).statusCode).toBe(404);
    expect((await s.api('PATCH', `${API}/observation/${o.id}`, { body: { points: 1 } })).statusCode).toBe(401);
  });
});

describe('DELETE /observation/{id}', () => {
  it.each([
    ['evaluator', 403],
    ['linked', 403],
    ['stranger', 404],
    [null, 401],
  ] as const)("%s deleting the creator's observation: %i", async (who, status) => {
    const o = await observe('creator');
    expect((await s.api('DELETE', `${API}/observation/${o.id}`, { token: who ? w[who].token : undefined })).statusCode).toBe(status);
    expect(await ratingsOf(o.id)).toBe(2);
  });

  it('removes every rating with the photo and its file; then 404', async () => {
    const photo = await uploadImage(s, w.evaluator.token, MediaType.RatingPhoto);
    const o = await observe('evaluator', { medias: [photo['@id']] });
    const res = await s.api('DELETE', `${API}/observation/${o.id}`, { token: w.evaluator.token });
    expect(res.statusCode).toBe(204);
    expect(await ratingsOf(o.id)).toBe(0);
    expect(await count(sql`select count(*)::int n from media where id = ${photo.id}`)).toBe(0);
    expect((await s.api('DELETE', `${API}/observation/${o.id}`, { token: w.evaluator.token })).statusCode).toBe(404);
  });

  it('deletes the ratings POST /rating saved together as one observation', async () => {
    const id = randomUUID();
    await rate(s, w.creator, w.cls.id, actions[0]!, { observation: id });
    await rate(s, w.creator, w.cls.id, actions[1]!, { observation: id });
    expect((await s.api('DELETE', `${API}/observation/${id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect(await ratingsOf(id)).toBe(0);
  });
});
