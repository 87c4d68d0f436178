import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY, IDEMPOTENCY_MESSAGES, MediaType } from '@skillroom/contract';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { API, classBody, createClass, type TestUser } from '../../test/classes';
import { classSkills, ratingBody, seedSkills } from '../../test/ratings';
import { multipart } from '../../test/media';
import { idempotencyKeys, media, ratings, users } from '../db/schema';

let s: TestServer;
let teacher: TestUser;
let classId: number;
let actionId: number;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  teacher = await signUp(s);
  classId = (await createClass(s, teacher)).id;
  actionId = (await classSkills(s, teacher, classId))[0]!.learningActions[0]!.id;
});
afterAll(() => s.close());

const newKey = () => crypto.randomUUID();
const withKey = (key: string) => ({ [IDEMPOTENCY.header]: key });
const replayed = (res: { headers: Record<string, unknown> }) => res.headers[IDEMPOTENCY.replayedHeader.toLowerCase()];
const ratingsNoted = async (note: string) =>
  (await s.ctx.db.select({ n: count() }).from(ratings).where(eq(ratings.description, note)))[0]!.n;
const keyRows = async (key: string) => s.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
const postRating = (u: TestUser, key: string, note: string, o: Record<string, unknown> = {}) =>
  s.api('POST', `${API}/rating`, {
    token: u.token,
    body: ratingBody(classId, actionId, { description: note, ...o }),
    headers: withKey(key),
  });

describe('Idempotency-Key on writes (DESIGN §7)', () => {
  it('writes a POST sent twice in sequence once, and answers the repeat with the first answer, marked as replayed', async () => {
    const key = newKey();
    const note = `sequence ${key}`;
    const first = await postRating(teacher, key, note);
    const second = await postRating(teacher, key, note);
    expect(first.statusCode).toBe(201);
    expect(replayed(first)).toBeUndefined();
    expect(second.statusCode).toBe(201);
    expect(replayed(second)).toBe('true');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(await ratingsNoted(note)).toBe(1);
    const [row] = await keyRows(key);
    expect(row).toMatchObject({ scope: `u:${teacher.id}`, userId: teacher.id, statusCode: 201, responseBody: first.body });
  });

  it('writes a POST sent twice (three times) at once only once, and answers each the same', async () => {
    const key = newKey();
    const note = `parallel ${key}`;
    const answers = await Promise.all([postRating(teacher, key, note), postRating(teacher, key, note), postRating(teacher, key, note)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => replayed(a) === 'true')).toHaveLength(2);
    expect(await ratingsNoted(note)).toBe(1);
    expect(await keyRows(key)).toHaveLength(1);
  });

  it('answers 409 to the same key with another request, writing nothing', async () => {
    const key = newKey();
    expect((await postRating(teacher, key, `first ${key}`)).statusCode).toBe(201);
    const other = await postRating(teacher, key, `second ${key}`);
    expect(other.statusCode).toBe(409);
    expect(other.json()['hydra:description']).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    expect(await ratingsNoted(`second ${key}`)).toBe(0);
    // Another path with the same key and body is another request too.
    const elsewhere = await s.api('POST', `${API}/rating?x=1`, {
      token: teacher.token,
      body: ratingBody(classId, actionId),
      headers: withKey(key),
    });
    expect(elsewhere.statusCode).toBe(409);
  });

  it('keeps the keys of two users apart: the same key writes for each', async () => {
    const other = await signUp(s);
    const otherClass = (await createClass(s, other)).id;
    const otherAction = (await classSkills(s, other, otherClass))[0]!.learningActions[0]!.id;
    const key = newKey();
    const note = `two users ${key}`;
    const mine = await postRating(teacher, key, note);
    const theirs = await s.api('POST', `${API}/rating`, {
      token: other.token,
      body: ratingBody(otherClass, otherAction, { description: note }),
      headers: withKey(key),
    });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(replayed(theirs)).toBeUndefined();
    expect(await ratingsNoted(note)).toBe(2);
    expect((await keyRows(key)).map((r) => r.scope).sort()).toEqual([`u:${teacher.id}`, `u:${other.id}`].sort());
  });

  it('replays a PATCH and a DELETE', async () => {
    const created = (await postRating(teacher, newKey(), 'to change')).json() as { id: number };
    const key = newKey();
    const patch = () => s.api('PATCH', `${API}/rating/${created.id}`, { token: teacher.token, body: { points: 5 }, headers: withKey(key) });
    const first = await patch();
    expect(first.statusCode).toBe(200);
    const [{ updated }] = (await s.ctx.db.select({ updated: ratings.updated }).from(ratings).where(eq(ratings.id, created.id))) as [
      { updated: Date },
    ];
    const second = await patch();
    expect(second.statusCode).toBe(200);
    expect(replayed(second)).toBe('true');
    expect(second.body).toBe(first.body);
    const [after] = await s.ctx.db.select({ updated: ratings.updated }).from(ratings).where(eq(ratings.id, created.id));
    expect(after!.updated).toEqual(updated);

    const delKey = newKey();
    const del = () => s.api('DELETE', `${API}/rating/${created.id}`, { token: teacher.token, headers: withKey(delKey) });
    expect((await del()).statusCode).toBe(204);
    const again = await del();
    // Without the key the second DELETE would find nothing (404); with it, the client learns its deletion happened.
    expect(again.statusCode).toBe(204);
    expect(replayed(again)).toBe('true');
    expect(again.body).toBe('');
  });

  it('replays a 4xx first answer', async () => {
    const key = newKey();
    const bad = () =>
      s.api('POST', `${API}/rating`, { token: teacher.token, body: ratingBody(classId, actionId, { points: 9 }), headers: withKey(key) });
    const first = await bad();
    expect(first.statusCode).toBe(400);
    const second = await bad();
    expect(second.statusCode).toBe(400);
    expect(replayed(second)).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it('keeps no 5xx answer: the retry runs again', async () => {
    const key = newKey();
    const note = `server error ${key}`;
    await s.ctx.db.execute(sql`create or replace function idem_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'simulated server failure'; end $$`);
    await s.ctx.db.execute(sql`create trigger idem_test_fail before insert on rating for each row execute function idem_test_fail()`);
    try {
      expect((await postRating(teacher, key, note)).statusCode).toBe(500);
    } finally {
      await s.ctx.db.execute(sql`drop trigger idem_test_fail on rating`);
    }
    expect(await keyRows(key)).toHaveLength(0);
    const retry = await postRating(teacher, key, note);
    expect(retry.statusCode).toBe(201);
    expect(replayed(retry)).toBeUndefined();
    expect(await ratingsNoted(note)).toBe(1);
  });

  it.each([
    ['empty', ''],
    ['with a space', 'a b'],
    ['too long', 'k'.repeat(IDEMPOTENCY.maxKeyLength + 1)],
  ])('answers 400 with a violation of the header to a key %s', async (_what, key) => {
    const note = `invalid key ${crypto.randomUUID()}`;
    const res = await postRating(teacher, key, note);
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([{ propertyPath: IDEMPOTENCY.header, message: IDEMPOTENCY_MESSAGES.keyInvalid }]);
    expect(await ratingsNoted(note)).toBe(0);
  });

  it('accepts a key of 255 visible characters, and leaves reads alone', async () => {
    const key = `~${'k'.repeat(IDEMPOTENCY.maxKeyLength - 2)}!`;
    expect((await postRating(teacher, key, `long key ${crypto.randomUUID()}`)).statusCode).toBe(201);
    const readKey = newKey();
    const read = await s.api('GET', `${API}/teaching-class/${classId}`, { token: teacher.token, headers: withKey(readKey) });
    expect(read.statusCode).toBe(200);
    expect(replayed(read)).toBeUndefined();
    expect(await keyRows(readKey)).toHaveLength(0);
  });

  it('holds for public writes, keyed by the client address (a sign-up sent twice makes one account)', async () => {
    const key = newKey();
    const name = `idem${crypto.randomBytes(4).toString('hex')}`;
    const body = {
      username: name,
      email: `${name}@example.org`,
      plainPassword: 'correct horse battery',
      firstName: 'A',
      lastName: 'B',
      accountTypeRadio: 'teacher',
      preferredLanguage: 'en',
    };
    const first = await s.api('POST', '/api/public/v1/user', { body, headers: withKey(key) });
    const second = await s.api('POST', '/api/public/v1/user', { body, headers: withKey(key) });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(replayed(second)).toBe('true');
    expect((await s.ctx.db.select({ n: count() }).from(users).where(eq(users.username, name)))[0]!.n).toBe(1);
    expect((await keyRows(key))[0]!.scope).toMatch(/^a:[0-9a-f]{32}$/);
  });
});

describe('Idempotency-Key on a multipart upload (POST /media)', () => {
  const send = (key: string, content: Buffer) => {
    // A new boundary each time, as a browser's FormData draws one: the same upload must still count as the same request.
    const body = multipart([{ mediaType: String(MediaType.RatingFile) }, { filename: 'notes.txt', type: 'text/plain', content }]);
    return s.app.inject({
      method: 'POST',
      url: `${API}/media`,
      headers: {
        'content-type': body.contentType,
        authorization: `Bearer ${teacher.token}`,
        accept: 'application/ld+json',
        ...withKey(key),
      },
      payload: body.payload,
    });
  };
  const uploads = async () => (await s.ctx.db.select({ n: count() }).from(media).where(eq(media.uploaderId, teacher.id)))[0]!.n;

  it('stores the file once when the same upload is sent again, and answers 409 to another file under the same key', async () => {
    const before = await uploads();
    const key = newKey();
    const content = Buffer.from(`Reading log ${key}\n`);
    const first = await send(key, content);
    expect(first.statusCode).toBe(201);
    const second = await send(key, content);
    expect(second.statusCode).toBe(201);
    expect(replayed(second)).toBe('true');
    expect(second.json().id).toBe(first.json().id);
    expect(await uploads()).toBe(before + 1);
    const other = await send(key, Buffer.from('another file'));
    expect(other.statusCode).toBe(409);
    expect(await uploads()).toBe(before + 1);
  });
});

describe('kept answers and children’s data (DESIGN §6)', () => {
  it('forgets a kept answer naming a rating when the rating is deleted, and one naming a student when they leave the class', async () => {
    const place = (
      await s.api('POST', `${API}/teaching-class-student`, {
        token: teacher.token,
        body: { teachingClass: `${API}/teaching-class/${classId}`, firstName: 'Amara', lastName: 'Okafor' },
        headers: withKey(newKey()),
      })
    ).json() as { id: number; '@id': string };
    const keyOfPlace = (
      await s.ctx.db
        .select()
        .from(idempotencyKeys)
        .where(sql`position(${`"${place['@id']}"`} in ${idempotencyKeys.responseBody}) > 0`)
    ).map((r) => r.key);
    expect(keyOfPlace.length).toBeGreaterThan(0);

    const key = newKey();
    const kept = (await postRating(teacher, key, 'Amara counted to 100.', { students: [place['@id']] })).json() as { id: number };
    const bystander = newKey();
    await postRating(teacher, bystander, 'Someone else entirely.');
    expect(await keyRows(key)).toHaveLength(1);
    expect((await s.api('DELETE', `${API}/rating/${kept.id}`, { token: teacher.token })).statusCode).toBe(204);
    expect(await keyRows(key)).toHaveLength(0);
    expect(await keyRows(bystander)).toHaveLength(1);

    expect((await s.api('DELETE', `${API}/teaching-class-student/${place.id}`, { token: teacher.token })).statusCode).toBe(204);
    for (const k of keyOfPlace) expect(await keyRows(k)).toHaveLength(0);
  });

  it('forgets a deleted account’s keys with it', async () => {
    const leaving = await signUp(s);
    const key = newKey();
    const cls = await s.api('POST', `${API}/teaching-class`, { token: leaving.token, body: classBody(), headers: withKey(key) });
    expect(cls.statusCode).toBe(201);
    expect((await s.api('DELETE', `${API}/teaching-class/${cls.json().id}`, { token: leaving.token })).statusCode).toBe(204);
    // The class's deletion took the answer that named it; a key on a plain write stays until the account goes.
    expect(await keyRows(key)).toHaveLength(0);
    const own = newKey();
    await s.api('PATCH', `${API}/user/${leaving.id}`, { token: leaving.token, body: { firstName: 'Gone' }, headers: withKey(own) });
    expect(await keyRows(own)).toHaveLength(1);
    const del = await s.api('DELETE', `${API}/user/${leaving.id}`, { token: leaving.token, body: { currentPassword: leaving.password } });
    expect(del.statusCode).toBe(204);
    expect(await keyRows(own)).toHaveLength(0);
  });
});

describe('the 24 h of a key', () => {
  it('ignores an expired key (the request runs again) and the purge job removes keys older than 24 h', async () => {
    const key = newKey();
    const note = `expired ${key}`;
    expect((await postRating(teacher, key, note)).statusCode).toBe(201);
    await s.ctx.db
      .update(idempotencyKeys)
      .set({ created: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const again = await postRating(teacher, key, note);
    expect(replayed(again)).toBeUndefined();
    expect(await ratingsNoted(note)).toBe(2);

    const fresh = newKey();
    await postRating(teacher, fresh, `fresh ${fresh}`);
    const old = newKey();
    await postRating(teacher, old, `old ${old}`);
    await s.ctx.db
      .update(idempotencyKeys)
      .set({ created: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, old));
    const { idempotencyPurgeJob } = await import('../jobs/idempotency-purge.job');
    const out = (await idempotencyPurgeJob.run(
      { db: s.ctx.db, files: s.ctx.files, config: s.ctx.config, log: s.ctx.log },
      {},
      new Date(),
    )) as { purged: number };
    expect(out.purged).toBeGreaterThanOrEqual(1);
    expect(await keyRows(old)).toHaveLength(0);
    expect(await keyRows(fresh)).toHaveLength(1);
    expect(await keyRows(key)).toHaveLength(1);
  });
});
