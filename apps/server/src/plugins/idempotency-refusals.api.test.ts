import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES } from '@skillroom/contract';
import { type TestServer } from '../../test/harness';
import { addCoTeacher, API, classWithRoles, type TestUser } from '../../test/classes';
import { classSkills, ratingBody } from '../../test/ratings';
import { heldUpload, multipart } from '../../test/media';
import { idempotencyWorld, keptOf, replayed } from '../../test/idempotency';
import { ratings } from '../db/schema';

/**
 * Which answers a key keeps (`isFinalAnswer`), through real routes: a refusal that the state or the sender may turn
 * (401, 403, 409, 429, 5xx) gives the key back, so the outbox's retry after the state changed runs, and so does a
 * corrected body under the same key; a final answer (2xx, 400, 404) is kept and replayed.
 */
let w: Awaited<ReturnType<typeof idempotencyWorld>>;
let s: TestServer;
let teacher: TestUser;
let classId: number;
beforeAll(async () => {
  w = await idempotencyWorld();
  ({ s, teacher, classId } = w);
});
afterAll(() => s.close());

const finish = (isFinished: boolean) => s.api('PATCH', `${API}/teaching-class/${classId}`, { token: teacher.token, body: { isFinished } });

describe('refusals the state may turn: the key is given back', () => {
  it('409 into a finished class, then reopened: the same key and body runs and writes once', async () => {
    const key = w.newKey();
    const note = `finished then reopened ${key}`;
    expect((await finish(true)).statusCode).toBe(200);
    try {
      const refused = await w.postRating(teacher, key, note);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()['hydra:description']).toBe(CLASS_MESSAGES.finished);
      expect(await w.keyRows(key)).toHaveLength(0);
      // Still finished: the retry is refused again, and is not a replay.
      const again = await w.postRating(teacher, key, note);
      expect([again.statusCode, replayed(again)]).toEqual([409, undefined]);
    } finally {
      expect((await finish(false)).statusCode).toBe(200);
    }
    const retry = await w.postRating(teacher, key, note);
    expect([retry.statusCode, replayed(retry)]).toEqual([201, undefined]);
    const repeat = await w.postRating(teacher, key, note);
    expect([repeat.statusCode, replayed(repeat), repeat.body]).toEqual([201, 'true', keptOf(retry)]);
    expect(await w.ratingsNoted(note)).toBe(1);
  });

  it('409, then a corrected body under the same key runs (nothing was kept to say "already used")', async () => {
    const key = w.newKey();
    expect((await finish(true)).statusCode).toBe(200);
    try {
      expect((await w.postRating(teacher, key, `wrong ${key}`)).statusCode).toBe(409);
    } finally {
      await finish(false);
    }
    const corrected = await w.postRating(teacher, key, `corrected ${key}`);
    expect([corrected.statusCode, replayed(corrected)]).toEqual([201, undefined]);
    expect(await w.ratingsNoted(`corrected ${key}`)).toBe(1);
    expect(await w.ratingsNoted(`wrong ${key}`)).toBe(0);
  });

  it('403, then the role is granted: the same key and body runs', async () => {
    const r = await classWithRoles(s);
    const action = (await classSkills(s, r.creator, r.cls.id))[0]!.learningActions[0]!.id;
    const rating = await s.api('POST', `${API}/rating`, { token: r.creator.token, body: ratingBody(r.cls.id, action) });
    expect(rating.statusCode).toBe(201);
    // Written by the parent linked to one of the class's students when they taught it: they see it, and may change it
    // only while they are one of its teachers (ratingsPolicy.canEdit).
    await s.ctx.db.update(ratings).set({ creatorId: r.linked.id }).where(eq(ratings.id, rating.json().id));
    const key = w.newKey();
    const note = `forbidden then granted ${key}`;
    const change = () =>
      s.api('PATCH', rating.json()['@id'], { token: r.linked.token, body: { description: note }, headers: w.withKey(key) });
    expect((await change()).statusCode).toBe(403);
    expect(await w.keyRows(key)).toHaveLength(0);
    await addCoTeacher(s, r.cls.id, r.linked);
    const granted = await change();
    expect([granted.statusCode, replayed(granted)]).toEqual([200, undefined]);
    expect(await w.ratingsNoted(note)).toBe(1);
    const repeat = await change();
    expect([repeat.statusCode, replayed(repeat)]).toEqual([200, 'true']);
  });

  // (A 429 of the upload slots comes before the route reads the multipart body, so its digest was never known and it
  // was never kept; the rule now says so for every body: the unit test of isFinalAnswer holds the 429 line.)
  it('429 (all upload slots taken), then a slot is free: the same key and upload runs', async () => {
    const content = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const key = w.newKey();
    const body = multipart([{ mediaType: '7' }, { filename: 'c.png', type: 'image/png', content }]);
    const send = () =>
      s.app.inject({
        method: 'POST',
        url: `${API}/media`,
        headers: {
          'content-type': body.contentType,
          authorization: `Bearer ${teacher.token}`,
          accept: 'application/ld+json',
          ...w.withKey(key),
        },
        payload: body.payload,
      });
    const held = [heldUpload(s, teacher.token, content), heldUpload(s, teacher.token, content)];
    await Promise.all(held.map((h) => h.reading));
    const busy = await send();
    expect(busy.statusCode).toBe(429);
    expect(await w.keyRows(key)).toHaveLength(0);
    for (const h of held) h.finish();
    for (const h of held) expect((await h.answer).statusCode).toBe(201);
    const retry = await send();
    expect([retry.statusCode, replayed(retry)]).toEqual([201, undefined]);
    const repeat = await send();
    expect([repeat.statusCode, replayed(repeat), repeat.json().id]).toEqual([201, 'true', retry.json().id]);
  });
});

describe('final answers: kept and replayed', () => {
  it('keeps a 400 of the route (the same body is always refused) and replays it', async () => {
    const key = w.newKey();
    // Well formed, so the route runs and refuses it: an action that does not exist.
    const bad = () => w.postRating(teacher, key, `invalid ${key}`, { learningAction: `${API}/learning-action/2000000000` });
    const first = await bad();
    expect(first.statusCode).toBe(400);
    expect((await w.keyRows(key))[0]).toMatchObject({ statusCode: 400, responseBody: first.body });
    const second = await bad();
    expect([second.statusCode, replayed(second), second.body]).toEqual([400, 'true', first.body]);
  });

  it('claims no key for a body the schema refuses (DESIGN §14): no row, and the 400 comes again afresh', async () => {
    const key = w.newKey();
    const bad = () => w.postRating(teacher, key, `invalid ${key}`, { points: 9 });
    const first = await bad();
    expect(first.statusCode).toBe(400);
    expect(await w.keyRows(key)).toHaveLength(0);
    const second = await bad();
    expect([second.statusCode, replayed(second), second.body]).toEqual([400, undefined, first.body]);
  });

  it('keeps a 404 (ids are never reused) and replays it', async () => {
    const key = w.newKey();
    const missing = () =>
      s.api('PATCH', `${API}/rating/2000000000`, { token: teacher.token, body: { points: 3 }, headers: w.withKey(key) });
    const first = await missing();
    expect(first.statusCode).toBe(404);
    expect((await w.keyRows(key))[0]).toMatchObject({ statusCode: 404 });
    const second = await missing();
    expect([second.statusCode, replayed(second), second.body]).toEqual([404, 'true', first.body]);
  });

  it('keeps a 201 and replays it', async () => {
    const key = w.newKey();
    const first = await w.postRating(teacher, key, `kept ${key}`);
    expect((await w.keyRows(key))[0]).toMatchObject({ statusCode: 201 });
    const second = await w.postRating(teacher, key, `kept ${key}`);
    expect([second.statusCode, replayed(second), second.body]).toEqual([201, 'true', keptOf(first)]);
    expect(await w.ratingsNoted(`kept ${key}`)).toBe(1);
  });
});
