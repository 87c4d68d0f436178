import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MediaType, type Media, type Rating } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles, createClass } from '../../../test/classes';
import { jpegWithGps, upload } from '../../../test/media';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let action: number;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  action = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
});
afterAll(() => s.close());

type Role = 'creator' | 'coteacher' | 'evaluator' | 'linked' | 'stranger';
const photo = async (role: Role = 'evaluator') => {
  const res = await upload(s, w[role].token, MediaType.RatingPhoto, { filename: 'desk.jpg', type: 'image/jpeg', content: await jpegWithGps() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Media;
};
const stored = async (mediaId: number) => {
  const [row] = await s.ctx.db.select().from(media).where(eq(media.id, mediaId));
  return row ? [row.storageKey, row.thumbKey].filter(Boolean).map((k) => fs.existsSync(path.join(s.dataDir, 'media', k!))) : null;
};

describe('rating media', () => {
  it.each([
    ['creator', 200, 200],
    ['coteacher', 200, 200],
    ['evaluator', 200, 200],
    ['linked', 200, 200],
    ['stranger', 404, 403],
  ] as const)("%s lists a rating's attachments (%i) and fetches the file (%i)", async (role, listStatus, fileStatus) => {
    const m = await photo();
    const r = await rate(s, w.evaluator, w.cls.id, action, { students: [w.first['@id']], medias: [m['@id']] });
    const res = await s.api('GET', `${API}/rating-medias?rating.id=${r.id}`, { token: w[role].token });
    expect(res.statusCode).toBe(200);
    expect(res.json()['hydra:totalItems']).toBe(listStatus === 200 ? 1 : 0);
    expect((await s.api('GET', r.medias[0]['@id'], { token: w[role].token })).statusCode).toBe(listStatus);
    expect((await s.api('GET', `/media/${m.id}`, { token: w[role].token })).statusCode).toBe(fileStatus);
  });

  it.each([
    ['creator', 201],
    ['coteacher', 403],
    ['evaluator', 201],
    ['linked', 403],
    ['stranger', 400],
  ] as const)("POST /rating-media on the evaluator's rating: %s gets %i", async (role, status) => {
    const r = await rate(s, w.evaluator, w.cls.id, action, { students: [w.first['@id']] });
    const m = await photo(role);
    const res = await s.api('POST', `${API}/rating-media`, { token: w[role].token, body: { rating: r['@id'], media: m['@id'] } });
    expect(res.statusCode).toBe(status);
    const now = (await s.api('GET', r['@id'], { token: w.creator.token })).json() as Rating;
    expect(now.medias.map((x) => x.media.id)).toEqual(status === 201 ? [m.id] : []);
    if (status === 201) expect(res.json()).toMatchObject({ '@type': 'RatingMedia', rating: r['@id'], media: { id: m.id } });
  });

  it("refuses another user's upload and a media attached elsewhere", async () => {
    const r = await rate(s, w.creator, w.cls.id, action);
    const theirs = await photo('coteacher');
    const res = await s.api('POST', `${API}/rating-media`, { token: w.creator.token, body: { rating: r.id, media: theirs.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([{ propertyPath: 'media', message: 'Only your own uploads can be attached.' }]);
    const m = await photo('creator');
    expect((await s.api('POST', `${API}/rating-media`, { token: w.creator.token, body: { rating: r.id, media: m.id } })).statusCode).toBe(201);
    const other = await rate(s, w.creator, w.cls.id, action);
    expect((await s.api('POST', `${API}/rating-media`, { token: w.creator.token, body: { rating: other.id, media: m.id } })).statusCode).toBe(400);
  });

  it.each([
    ['creator', 204],
    ['coteacher', 403],
    ['evaluator', 204],
    ['linked', 403],
    ['stranger', 404],
  ] as const)('DELETE /rating-media: %s gets %i; the file leaves the store with it', async (role, status) => {
    const m = await photo();
    const r = await rate(s, w.evaluator, w.cls.id, action, { students: [w.first['@id']], medias: [m.id] });
    expect(await stored(m.id)).toEqual([true, true]);
    const res = await s.api('DELETE', r.medias[0]['@id'], { token: w[role].token });
    expect(res.statusCode).toBe(status);
    expect(await stored(m.id)).toEqual(status === 204 ? null : [true, true]);
    if (status === 204) expect(fs.readdirSync(path.join(s.dataDir, 'media', 'image'), { recursive: true }).filter((f) => String(f).includes(m.fileName))).toEqual([]);
  });

  it('deleting a rating deletes its media files; PATCH medias replaces the set and deletes what was left out', async () => {
    const [a, b, c] = [await photo('creator'), await photo('creator'), await photo('creator')];
    const r = await rate(s, w.creator, w.cls.id, action, { medias: [a.id, b.id] });
    // The kept attachment is sent back as it was read (a RatingMedia object), the new one as a reference.
    const patched = await s.api('PATCH', r['@id'], { token: w.creator.token, body: { medias: [r.medias[1], c['@id']] } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().medias.map((x: { media: Media }) => x.media.id)).toEqual([b.id, c.id]);
    expect(await stored(a.id)).toBeNull();
    expect(await s.api('DELETE', r['@id'], { token: w.creator.token }).then((x) => x.statusCode)).toBe(204);
    expect([await stored(b.id), await stored(c.id)]).toEqual([null, null]);
    expect((await s.api('GET', `/media/${b.id}`, { token: w.creator.token })).statusCode).toBe(403);
  });

  it("deleting a class deletes its ratings' media and their files", async () => {
    const cls = await createClass(s, w.creator);
    const m = await photo('creator');
    await rate(s, w.creator, cls.id, (await classSkills(s, w.creator, cls.id))[0]!.learningActions[0]!.id, { medias: [m.id] });
    expect(await stored(m.id)).toEqual([true, true]);
    expect((await s.api('DELETE', cls['@id'], { token: w.creator.token })).statusCode).toBe(204);
    expect(await stored(m.id)).toBeNull();
    expect(fs.readdirSync(path.join(s.dataDir, 'media', 'image'), { recursive: true }).filter((f) => String(f).includes(m.fileName))).toEqual([]);
  });
});

describe('rating students', () => {
  it.each([
    ['creator', 200, 1],
    ['coteacher', 200, 1],
    ['evaluator', 200, 1],
    ['linked', 200, 1],
    ['stranger', 200, 0],
  ] as const)('GET /rating-students?rating.id=: %s sees %i with %i member', async (role, status, n) => {
    const r = await rate(s, w.coteacher, w.cls.id, action, { students: [w.first['@id']] });
    const res = await s.api('GET', `${API}/rating-students?rating.id=${r.id}`, { token: w[role].token });
    expect(res.statusCode).toBe(status);
    expect(res.json()['hydra:totalItems']).toBe(n);
    if (n) expect(res.json()['hydra:member'][0]).toMatchObject({ '@type': 'RatingStudent', rating: r['@id'], student: w.first.student, teachingClassStudent: w.first['@id'] });
  });

  it.each([
    ['creator', 201, 204],
    ['coteacher', 201, 204],
    ['evaluator', 403, 403],
    ['linked', 403, 403],
    ['stranger', 400, 404],
  ] as const)("on the co-teacher's rating, %s adds a student (%i) and removes one (%i)", async (role, add, remove) => {
    const r = await rate(s, w.coteacher, w.cls.id, action, { students: [w.first['@id']] });
    const res = await s.api('POST', `${API}/rating-student`, { token: w[role].token, body: { rating: r['@id'], student: w.second.student } });
    expect(res.statusCode).toBe(add);
    if (add === 201) {
      expect(res.json()).toMatchObject({ student: w.second.student, teachingClassStudent: w.second['@id'] });
      // Spec §3: every entity has created and updated; a link is never changed, so both say when it was made.
      expect(res.json().updated).toBe(res.json().created);
      expect(Date.parse(res.json().created)).toBeGreaterThan(Date.now() - 60_000);
    }
    const link = (await s.api('GET', `${API}/rating-students?rating.id=${r.id}`, { token: w.creator.token })).json()['hydra:member'][0];
    expect((await s.api('DELETE', link['@id'], { token: w[role].token })).statusCode).toBe(remove);
  });

  it('refuses a student twice or of another class; removing the last makes the rating whole-class', async () => {
    const r = await rate(s, w.creator, w.cls.id, action, { students: [w.first['@id']] });
    const twice = await s.api('POST', `${API}/rating-student`, { token: w.creator.token, body: { rating: r.id, student: w.first['@id'] } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().violations[0]).toMatchObject({ propertyPath: 'student', message: 'This student is already named by this rating.' });
    const other = await addStudent(s, w.creator, (await createClass(s, w.creator)).id);
    const elsewhere = await s.api('POST', `${API}/rating-student`, { token: w.creator.token, body: { rating: r.id, student: other.student } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().violations[0]).toMatchObject({ propertyPath: 'student', message: "This student has no place in the rating's class." });
    const [link] = (await s.api('GET', `${API}/rating-students?rating.id=${r.id}`, { token: w.creator.token })).json()['hydra:member'];
    expect((await s.api('GET', link['@id'], { token: w.linked.token })).statusCode).toBe(200);
    expect((await s.api('GET', link['@id'], { token: w.stranger.token })).statusCode).toBe(404);
    expect((await s.api('DELETE', link['@id'], { token: w.creator.token })).statusCode).toBe(204);
    expect((await s.api('GET', r['@id'], { token: w.creator.token })).json()).toMatchObject({ students: [], isWholeClass: true });
    expect((await s.api('GET', `${API}/rating-students`)).statusCode).toBe(401);
    expect((await s.api('POST', `${API}/rating-student`, { body: { rating: r.id, student: w.first.id } })).statusCode).toBe(401);
  });
});
