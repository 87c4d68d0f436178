import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MediaType, RATING_MESSAGES, type Rating } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles, createClass } from '../../../test/classes';
import { uploadImage } from '../../../test/erasure';
import { classSkills, observe, rate, ratingBody, seedSkills } from '../../../test/ratings';

/** DESIGN §7 "One observation": ratings saved together share `observation`; their attachments are stored once, linked to each. */

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let actions: number[];
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  actions = (await classSkills(s, w.creator, w.cls.id)).flatMap((k) => k.learningActions.map((a) => a.id));
});
afterAll(() => s.close());

type Writer = 'creator' | 'coteacher' | 'evaluator';
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await s.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const linksOf = (mediaId: number) => count(sql`select count(*)::int n from rating_media where media_id = ${mediaId}`);
const post = (who: Writer, body: Record<string, unknown>) => s.api('POST', `${API}/rating`, { token: w[who].token, body });

describe('observation', () => {
  it('is made by the server when absent: each rating gets its own', async () => {
    const a = (await rate(s, w.creator, w.cls.id, actions[0]!)) as Rating;
    const b = (await rate(s, w.creator, w.cls.id, actions[0]!)) as Rating;
    expect(a.observation).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.observation).not.toBe(b.observation);
  });

  it('refuses an observation that is not a UUID, on create, on PATCH and as a filter', async () => {
    const bad = await post('creator', ratingBody(w.cls.id, actions[0]!, { observation: 'not-a-uuid' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().violations[0].propertyPath).toBe('observation');
    const r = await rate(s, w.creator, w.cls.id, actions[0]!);
    const patch = await s.api('PATCH', `${API}/rating/${r.id}`, { token: w.creator.token, body: { observation: 12 } });
    expect(patch.statusCode).toBe(400);
    expect((await s.api('GET', `${API}/ratings?observation=nope`, { token: w.creator.token })).statusCode).toBe(400);
  });

  it.each(['creator', 'coteacher', 'evaluator'] as const)(
    '%s saves two actions with one photo in one write: one media row and one file, linked to both; the filter finds the two',
    async (who) => {
      const photo = await uploadImage(s, w[who].token, MediaType.RatingPhoto);
      const o = await observe(s, w[who], w.cls.id, actions.slice(0, 2), { medias: [photo['@id']], students: [w.first['@id']] });
      expect(o.ratings.map((r) => r.observation)).toEqual([o.id, o.id]);
      expect(await linksOf(photo.id)).toBe(2);
      expect(await count(sql`select count(*)::int n from media where id = ${photo.id}`)).toBe(1);
      const list = await s.api('GET', `${API}/ratings?observation=${o.id}`, { token: w[who].token });
      expect(list.json()['hydra:totalItems']).toBe(2);
      expect((list.json()['hydra:member'] as Rating[]).map((r) => r.id).sort()).toEqual(o.ratings.map((r) => r.id).sort());
    },
  );

  it('a photo is attached once: a later POST /rating or POST /rating-media of the same observation may not link it again', async () => {
    // Saves split over several requests (a rating each, sharing the photo) were for clients before POST /observation.
    const observation = randomUUID();
    const photo = await uploadImage(s, w.evaluator.token, MediaType.RatingPhoto);
    const first = await rate(s, w.evaluator, w.cls.id, actions[0]!, { observation, medias: [photo['@id']] });
    const split = await post('evaluator', ratingBody(w.cls.id, actions[1]!, { observation, medias: [photo['@id']] }));
    expect(split.statusCode).toBe(400);
    expect(split.json().violations[0]).toEqual({ propertyPath: 'medias.0', message: RATING_MESSAGES.mediaAttached });
    const other = await rate(s, w.evaluator, w.cls.id, actions[1]!, { observation });
    const res = await s.api('POST', `${API}/rating-media`, {
      token: w.evaluator.token,
      body: { rating: other['@id'], media: photo['@id'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0]).toEqual({ propertyPath: 'media', message: RATING_MESSAGES.mediaAttached });
    expect(await linksOf(photo.id)).toBe(1);
    // The same link twice is still "already attached".
    const again = await s.api('POST', `${API}/rating-media`, {
      token: w.evaluator.token,
      body: { rating: first['@id'], media: photo['@id'] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().violations[0]).toEqual({ propertyPath: 'media', message: RATING_MESSAGES.mediaAttached });
  });

  it('keeps "already attached" for another observation, another class, or another rating creator; nothing is written', async () => {
    const observation = randomUUID();
    const photo = await uploadImage(s, w.creator.token, MediaType.RatingPhoto);
    await rate(s, w.creator, w.cls.id, actions[0]!, { observation, medias: [photo['@id']] });
    const elsewhere = await createClass(s, w.creator, { name: 'Other class' });
    const otherAction = (await classSkills(s, w.creator, elsewhere.id))[0]!.learningActions[0]!.id;
    const evaluatorRating = await rate(s, w.evaluator, w.cls.id, actions[1]!, { observation });
    const attempts = [
      post('creator', ratingBody(w.cls.id, actions[1]!, { observation: randomUUID(), medias: [photo['@id']] })),
      post('creator', ratingBody(w.cls.id, actions[1]!, { medias: [photo['@id']] })),
      post('creator', ratingBody(elsewhere.id, otherAction, { observation, medias: [photo['@id']] })),
      // The class's creator may edit the evaluator's rating, but the rating is not theirs: the photo stays with their own.
      s.api('PATCH', `${API}/rating/${evaluatorRating.id}`, { token: w.creator.token, body: { medias: [photo['@id']] } }),
      s.api('POST', `${API}/rating-media`, { token: w.creator.token, body: { rating: evaluatorRating['@id'], media: photo['@id'] } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(RATING_MESSAGES.mediaAttached);
    }
    expect(await linksOf(photo.id)).toBe(1);
  });

  it('refuses to move a rating to another observation while it shares a media with its own', async () => {
    const photo = await uploadImage(s, w.coteacher.token, MediaType.RatingPhoto);
    const { id: observation, ratings } = await observe(s, w.coteacher, w.cls.id, actions.slice(0, 2), { medias: [photo['@id']] });
    const b = ratings[1]!;
    const res = await s.api('PATCH', `${API}/rating/${b.id}`, { token: w.coteacher.token, body: { observation: randomUUID() } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(RATING_MESSAGES.mediaAttached);
    expect((await s.api('GET', `${API}/rating/${b.id}`, { token: w.coteacher.token })).json().observation).toBe(observation);
  });

  it('the class report counts both ratings and lists the shared photo once in recent evidence', async () => {
    const cls = await createClass(s, w.creator, { name: 'Report class' });
    const own = (await classSkills(s, w.creator, cls.id)).flatMap((k) => k.learningActions.map((a) => a.id));
    const photo = await uploadImage(s, w.creator.token, MediaType.RatingPhoto);
    await observe(s, w.creator, cls.id, own.slice(0, 3), { medias: [photo['@id']] });
    const alone = await uploadImage(s, w.creator.token, MediaType.RatingPhoto);
    await rate(s, w.creator, cls.id, own[0]!, { medias: [alone['@id']], date: '2026-10-04' });
    const res = await s.api('GET', `${API}/report/class/${cls.id}?startDate=2026-10-01&endDate=2026-10-31`, { token: w.creator.token });
    expect(res.statusCode).toBe(200);
    const report = res.json() as { totals: { ratings: number }; media: { media: { id: number } }[] };
    expect(report.totals.ratings).toBe(4);
    expect(report.media.map((m) => m.media.id)).toEqual([photo.id, alone.id]);
  });

  it('the OpenAPI document shows observation on ratings (body and filter) and defaultPoints on classes', async () => {
    const doc = (await s.api('GET', '/api/docs.json')).body;
    expect(doc).toContain('"observation"');
    expect(doc).toContain('"defaultPoints"');
  });
});
