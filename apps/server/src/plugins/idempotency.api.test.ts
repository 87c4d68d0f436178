import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY, IDEMPOTENCY_MESSAGES } from '@skillroom/contract';
import { dbKind, signUp, type TestServer } from '../../test/harness';
import { API, createClass, type TestUser } from '../../test/classes';
import { classSkills, ratingBody } from '../../test/ratings';
import { idempotencyWorld, keptOf, replayed } from '../../test/idempotency';
import { idempotencyKeys, ratings, users } from '../db/schema';

let w: Awaited<ReturnType<typeof idempotencyWorld>>;
let s: TestServer;
let teacher: TestUser;
let classId: number;
let actionId: number;
beforeAll(async () => {
  w = await idempotencyWorld();
  ({ s, teacher, classId, actionId } = w);
});
afterAll(() => s.close());

const newKey = () => w.newKey();
const withKey = (key: string) => w.withKey(key);
const ratingsNoted = (note: string) => w.ratingsNoted(note);
const keyRows = (key: string) => w.keyRows(key);
const postRating: typeof w.postRating = (...a) => w.postRating(...a);

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
    // A small answer: the ids of what the first made, never its content (http/kept-answer.ts).
    expect(second.body).toBe(keptOf(first));
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(await ratingsNoted(note)).toBe(1);
    const [row] = await keyRows(key);
    expect(row).toMatchObject({ scope: `u:${teacher.id}`, userId: teacher.id, statusCode: 201, responseBody: keptOf(first) });
  });

  it('writes a POST sent twice (three times) at once only once, and answers each the same', async () => {
    const key = newKey();
    const note = `parallel ${key}`;
    const answers = await Promise.all([postRating(teacher, key, note), postRating(teacher, key, note), postRating(teacher, key, note)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const original = answers.find((a) => replayed(a) !== 'true')!;
    expect(answers.filter((a) => replayed(a) === 'true').map((a) => a.body)).toEqual([keptOf(original), keptOf(original)]);
    expect(await ratingsNoted(note)).toBe(1);
    expect(await keyRows(key)).toHaveLength(1);
  });

  it('makes a repeat sent while the first still runs wait for it, then answers the same', async () => {
    const key = newKey();
    const note = `slow ${key}`;
    // The first run takes half a second inside its transaction; the repeat arrives meanwhile.
    await s.ctx.db.execute(sql`create or replace function idem_test_slow() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.5); return new; end $$`);
    await s.ctx.db.execute(sql`create trigger idem_test_slow before insert on rating for each row execute function idem_test_slow()`);
    try {
      const first = postRating(teacher, key, note);
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      const second = await postRating(teacher, key, note);
      // (PGlite's pg_sleep does not sleep: there the two simply run in turn.)
      if (dbKind === 'postgres') expect(Date.now() - started).toBeGreaterThan(200);
      expect(second.statusCode).toBe(201);
      expect(replayed(second)).toBe('true');
      expect(second.body).toBe(keptOf(await first));
    } finally {
      await s.ctx.db.execute(sql`drop trigger idem_test_slow on rating`);
    }
    expect(await ratingsNoted(note)).toBe(1);
  });

  it('takes over a key whose first run died with its instance (still marked running after minutes)', async () => {
    const key = newKey();
    const note = `abandoned ${key}`;
    await s.ctx.db.insert(idempotencyKeys).values({
      scope: `u:${teacher.id}`,
      key,
      userId: teacher.id,
      requestHash: 'a run that never ended',
      created: new Date(Date.now() - 3600_000),
    });
    const res = await postRating(teacher, key, note);
    expect(res.statusCode).toBe(201);
    expect(replayed(res)).toBeUndefined();
    expect(await ratingsNoted(note)).toBe(1);
    expect((await keyRows(key))[0]).toMatchObject({ statusCode: 201, responseBody: keptOf(res) });
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
    expect(second.body).toBe(keptOf(first));
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
    // Well formed, refused by the route itself (an action that does not exist): the key was claimed and keeps the 400.
    const bad = () =>
      s.api('POST', `${API}/rating`, {
        token: teacher.token,
        body: ratingBody(classId, 2_000_000_000),
        headers: withKey(key),
      });
    const first = await bad();
    expect(first.statusCode).toBe(400);
    const second = await bad();
    expect(second.statusCode).toBe(400);
    expect(replayed(second)).toBe('true');
    expect(second.body).toBe(first.body);
  });

  it('claims no key for a request its schema refuses: the same 400 again, not a replay (DESIGN §14)', async () => {
    const key = newKey();
    const bad = () =>
      s.api('POST', `${API}/rating`, { token: teacher.token, body: ratingBody(classId, actionId, { points: 9 }), headers: withKey(key) });
    const first = await bad();
    expect(first.statusCode).toBe(400);
    const second = await bad();
    expect([second.statusCode, replayed(second), second.body]).toEqual([400, undefined, first.body]);
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

  it('keeps nothing of a write that carries a credential: no token pair, no digest of a password in the table', async () => {
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
    // The repeat runs again, and the taken username answers it: still one account.
    expect(second.statusCode).toBe(400);
    expect(replayed(second)).toBeUndefined();
    expect((await s.ctx.db.select({ n: count() }).from(users).where(eq(users.username, name)))[0]!.n).toBe(1);
    const signIn = await s.api('POST', '/api/public/v1/login_check', {
      body: { username: name, password: 'correct horse battery' },
      headers: withKey(key),
    });
    expect(signIn.statusCode).toBe(200);
    const refresh = await s.api('POST', '/api/public/v1/token_refresh', {
      body: { refresh_token: signIn.json().refresh_token },
      headers: withKey(key),
    });
    expect(refresh.statusCode).toBe(200);
    expect(await keyRows(key)).toHaveLength(0);
  });
});
