import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaType } from '@skillroom/contract';
import { signUp, startPeer, type TestServer } from '../../test/harness';
import { API, classBody, type TestUser } from '../../test/classes';
import { ratingBody } from '../../test/ratings';
import { multipart } from '../../test/media';
import { idempotencyWorld, keptOf, replayed } from '../../test/idempotency';
import { idempotencyKeys, media } from '../db/schema';
import { idempotencyPurgeJob } from '../jobs/idempotency-purge.job';
import { directAttempt } from '../jobs/leased-worker';

let w: Awaited<ReturnType<typeof idempotencyWorld>>;
let s: TestServer;
let teacher: TestUser;
let classId: number;
beforeAll(async () => {
  w = await idempotencyWorld();
  ({ s, teacher, classId } = w);
});
afterAll(() => s.close());

const newKey = () => w.newKey();
const withKey = (key: string) => w.withKey(key);
const keyRows = (key: string) => w.keyRows(key);
const ratingsNoted = (note: string) => w.ratingsNoted(note);
const postRating: typeof w.postRating = (...a) => w.postRating(...a);

describe('Idempotency-Key across two instances of one database', () => {
  it('answers a repeat sent to the other instance right after the answer with that answer, and 409 to another body', async () => {
    if (!s.databaseUrl) return expect(s.ctx.database.kind).toBe('pglite');
    const peer = await startPeer(s);
    try {
      const key = newKey();
      const note = `two instances ${key}`;
      const first = await postRating(teacher, key, note);
      // At once, on the other instance: the first answer's copy may still be on its way, and the repeat waits for it.
      const headers = { authorization: `Bearer ${teacher.token}`, accept: 'application/ld+json', 'content-type': 'application/ld+json' };
      const again = (description: string) =>
        peer.app.inject({
          method: 'POST',
          url: `${API}/rating`,
          headers: { ...headers, ...withKey(key) },
          payload: JSON.stringify(ratingBody(classId, w.actionId, { description })),
        });
      const second = await again(note);
      expect(first.statusCode).toBe(201);
      expect([second.statusCode, replayed(second), second.body]).toEqual([201, 'true', keptOf(first)]);
      expect((await again(`${note}, changed`)).statusCode).toBe(409);
      expect(await ratingsNoted(note)).toBe(1);
      expect(await ratingsNoted(`${note}, changed`)).toBe(0);
    } finally {
      await peer.close();
    }
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
  const keysNaming = async (at: string) =>
    (
      await s.ctx.db
        .select()
        .from(idempotencyKeys)
        .where(sql`${at} = any(${idempotencyKeys.names})`)
    ).map((r) => r.key);
  /** After an erasure, a kept answer holds its status, its IRI and id, and nothing else of what it made. */
  const minimal = async (key: string, at: string, id: number, status = 201) => {
    const [row] = await keyRows(key);
    expect(row).toMatchObject({ statusCode: status });
    expect(JSON.parse(row!.responseBody!)).toEqual({ '@id': at, id });
    // Its headers stay as they were: the type, and a Location where the answer had one (an IRI too).
    expect(Object.keys(row!.responseHeaders as object).every((h) => ['content-type', 'location'].includes(h))).toBe(true);
  };

  it('keeps the key of a deleted rating with nothing but its IRI and id: a resend answers 201 again and creates nothing', async () => {
    const place = (
      await s.api('POST', `${API}/teaching-class-student`, {
        token: teacher.token,
        body: { teachingClass: `${API}/teaching-class/${classId}`, firstName: 'Amara', lastName: 'Okafor' },
        headers: withKey(newKey()),
      })
    ).json() as { id: number; '@id': string };
    const keyOfPlace = await keysNaming(place['@id']);
    expect(keyOfPlace.length).toBeGreaterThan(0);

    const key = newKey();
    const note = `Amara counted to 100. ${key}`;
    const first = await postRating(teacher, key, note, { students: [place['@id']] });
    const kept = first.json() as { id: number; '@id': string };
    const bystander = newKey();
    await postRating(teacher, bystander, 'Someone else entirely.');
    // Kept small from the start: the ids of what was made, listed in `names` for an erasure to find.
    expect((await keyRows(key))[0]).toMatchObject({ responseBody: keptOf(first), names: [kept['@id']] });
    expect((await s.api('DELETE', `${API}/rating/${kept.id}`, { token: teacher.token })).statusCode).toBe(204);
    await minimal(key, kept['@id'], kept.id);
    expect((await keyRows(bystander))[0]!.responseBody).toContain('"@type":"Rating"');

    // The outbox sends its create again (the answer was lost): the rating is not made anew.
    const again = await postRating(teacher, key, note, { students: [place['@id']] });
    expect([again.statusCode, replayed(again)]).toEqual([201, 'true']);
    expect(again.json()).toEqual({ '@id': kept['@id'], id: kept.id });
    expect(again.headers.location).toBe(first.headers.location);
    expect(await ratingsNoted(note)).toBe(0);

    expect((await s.api('DELETE', `${API}/teaching-class-student/${place.id}`, { token: teacher.token })).statusCode).toBe(204);
    for (const k of keyOfPlace) {
      const [row] = await keyRows(k);
      expect(row!.responseBody).not.toMatch(/Amara|Okafor/);
      expect(JSON.parse(row!.responseBody!)).toEqual({ '@id': place['@id'], id: place.id });
    }
    const placeAgain = await s.api('POST', `${API}/teaching-class-student`, {
      token: teacher.token,
      body: { teachingClass: `${API}/teaching-class/${classId}`, firstName: 'Amara', lastName: 'Okafor' },
      headers: withKey(keyOfPlace[0]!),
    });
    expect([placeAgain.statusCode, replayed(placeAgain)]).toEqual([201, 'true']);
    const places = await s.api('GET', `${API}/teaching-class-students?teachingClass.id=${classId}`, { token: teacher.token });
    expect(places.body).not.toContain('Okafor');
  });

  it('forgets a deleted account’s keys with it', async () => {
    const leaving = await signUp(s);
    const key = newKey();
    const cls = await s.api('POST', `${API}/teaching-class`, { token: leaving.token, body: classBody(), headers: withKey(key) });
    expect(cls.statusCode).toBe(201);
    expect((await s.api('DELETE', `${API}/teaching-class/${cls.json().id}`, { token: leaving.token })).statusCode).toBe(204);
    // The class's deletion left only its IRI and id in the answer that named it; the account's deletion takes the key.
    await minimal(key, cls.json()['@id'], cls.json().id);
    const own = newKey();
    await s.api('PATCH', `${API}/user/${leaving.id}`, { token: leaving.token, body: { firstName: 'Gone' }, headers: withKey(own) });
    expect(await keyRows(own)).toHaveLength(1);
    const del = await s.api('DELETE', `${API}/user/${leaving.id}`, { token: leaving.token, body: { currentPassword: leaving.password } });
    expect(del.statusCode).toBe(204);
    expect(await keyRows(own)).toHaveLength(0);
    expect(await keyRows(key)).toHaveLength(0);
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
    const out = (await idempotencyPurgeJob.run(
      { ...s.ctx, send: s.ctx.jobs.send.bind(s.ctx.jobs) },
      {},
      new Date(),
      directAttempt(),
    )) as { purged: number };
    expect(out.purged).toBeGreaterThanOrEqual(1);
    expect(await keyRows(old)).toHaveLength(0);
    expect(await keyRows(fresh)).toHaveLength(1);
    expect(await keyRows(key)).toHaveLength(1);
  });
});
