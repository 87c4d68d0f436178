import sharp from 'sharp';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, addCoTeacher, addStudent, classWithRoles, createClass, makeMedia, type TestUser } from '../../../test/classes';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { fetchBare, upload } from '../../../test/media';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#4cd37a' } }).png().toBuffer();
async function uploadImage(u: TestUser, mediaType: number) {
  const res = await upload(s, u.token, mediaType, { filename: 'pic.png', type: 'image/png', content: await png() });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; url: string; '@id': string };
}
const getMedia = (u: TestUser | null, id: number) => s.api('GET', `${API}/media/${id}`, u ? { token: u.token } : {});
const ids = (list: { 'hydra:member': { id: number }[] }) => list['hydra:member'].map((m) => m.id);

describe('GET /media/{id}', () => {
  it('shows an upload to its uploader, and nobody else may know of it (404)', async () => {
    const [me, other] = await Promise.all([signUp(s), signUp(s)]);
    const m = await uploadImage(me, MediaType.RatingPhoto);
    const own = await getMedia(me, m.id);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ '@context': '/api/contexts/Media', '@type': 'Media', id: m.id, fileDimensions: '40x30' });
    expect((await getMedia(other, m.id)).statusCode).toBe(404);
  });

  it('shows catalogue media to everyone signed in', async () => {
    const other = await signUp(s);
    for (const type of [MediaType.PredefinedUserAvatar, MediaType.PredefinedStudentAvatar, MediaType.LearningSkillIcon, MediaType.TeachingClassAvatar]) {
      const row = await makeMedia(s, type);
      expect((await getMedia(other, row.id)).statusCode).toBe(200);
    }
  });

  it('answers 404 for an unknown id, 400 for a malformed one and 401 without a token', async () => {
    const me = await signUp(s);
    expect((await getMedia(me, 999999)).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/media/abc`, { token: me.token })).statusCode).toBe(400);
    expect((await getMedia(null, 1)).statusCode).toBe(401);
  });
});

describe('media attached to something is seen by those who see it (MEDIA_ACCESS)', () => {
  it("a user's avatar: by those who may see the user (who share a class), once it is their avatar", async () => {
    const [me, other, stranger] = await Promise.all([signUp(s), signUp(s), signUp(s)]);
    await addCoTeacher(s, (await createClass(s, me)).id, other);
    const m = await uploadImage(me, MediaType.UserAvatar);
    expect((await getMedia(other, m.id)).statusCode).toBe(404);
    expect((await s.api('PATCH', `${API}/user/${me.id}`, { token: me.token, body: { avatar: m['@id'] } })).statusCode).toBe(200);
    expect((await getMedia(other, m.id)).statusCode).toBe(200);
    expect((await fetchBare(s, `/media/${m.id}`, { authorization: `Bearer ${other.token}` })).statusCode).toBe(200);
    expect((await getMedia(stranger, m.id)).statusCode).toBe(404);
  });

  it("a class's avatar: by its teachers and evaluators, not by strangers", async () => {
    const w = await classWithRoles(s);
    const m = await uploadImage(w.creator, MediaType.TeachingClassAvatar);
    const patched = await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { avatar: m['@id'] } });
    expect(patched.statusCode).toBe(200);
    for (const u of [w.creator, w.coteacher, w.evaluator]) expect((await getMedia(u, m.id)).statusCode).toBe(200);
    expect((await getMedia(w.stranger, m.id)).statusCode).toBe(404);
    expect((await fetchBare(s, `/media/${m.id}`, { authorization: `Bearer ${w.stranger.token}` })).statusCode).toBe(403);
  });

  it("a student's avatar: by the class's teachers and the linked parent, not by strangers", async () => {
    const w = await classWithRoles(s);
    const m = await uploadImage(w.creator, MediaType.StudentAvatar);
    const patched = await s.api('PATCH', `${API}/teaching-class-student/${w.first.id}`, { token: w.creator.token, body: { avatar: m['@id'] } });
    expect(patched.statusCode).toBe(200);
    for (const u of [w.coteacher, w.evaluator, w.linked]) expect((await getMedia(u, m.id)).statusCode).toBe(200);
    expect((await getMedia(w.stranger, m.id)).statusCode).toBe(404);
  });

  it('stops when the attachment goes: a replaced class avatar is private again', async () => {
    const [me, co] = await Promise.all([signUp(s), signUp(s)]);
    const m = await uploadImage(me, MediaType.TeachingClassAvatar);
    const cls = await createClass(s, me, { avatar: m['@id'] });
    await addStudent(s, me, cls.id);
    await addCoTeacher(s, cls.id, co);
    expect((await getMedia(co, m.id)).statusCode).toBe(200);
    await s.api('PATCH', `${API}/teaching-class/${cls.id}`, { token: me.token, body: { avatar: null } });
    expect((await getMedia(co, m.id)).statusCode).toBe(404);
  });
});

describe('GET /medias', () => {
  it('lists the catalogue and your own uploads, never other people’s', async () => {
    const [me, other] = await Promise.all([signUp(s), signUp(s)]);
    const mine = await uploadImage(me, MediaType.RatingPhoto);
    const theirs = await uploadImage(other, MediaType.RatingPhoto);
    const cat = await makeMedia(s, MediaType.PredefinedUserAvatar);
    const all = (await s.api('GET', `${API}/medias?itemsPerPage=1000`, { token: me.token })).json();
    expect(ids(all)).toEqual(expect.arrayContaining([mine.id, cat.id]));
    expect(ids(all)).not.toContain(theirs.id);
    const photos = (await s.api('GET', `${API}/medias?mediaType=${MediaType.RatingPhoto}&itemsPerPage=1000`, { token: me.token })).json();
    expect(ids(photos)).toEqual([mine.id]);
  });

  it('by id[], gives those you may see by any rule and leaves the others out', async () => {
    const w = await classWithRoles(s);
    const avatar = await uploadImage(w.creator, MediaType.TeachingClassAvatar);
    await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { avatar: avatar['@id'] } });
    const secret = await uploadImage(w.creator, MediaType.RatingPhoto);
    const own = await uploadImage(w.coteacher, MediaType.RatingPhoto);
    const res = await s.api('GET', `${API}/medias?id[]=${avatar.id}&id[]=${secret.id}&id[]=${own.id}&id[]=999999`, { token: w.coteacher.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ '@type': 'hydra:Collection', 'hydra:totalItems': 2 });
    expect(ids(res.json())).toEqual([avatar.id, own.id]);
    // The spec's indexed form id[0]=… and a lone id=… are read the same way.
    expect(ids((await s.api('GET', `${API}/medias?id[0]=${avatar.id}`, { token: w.coteacher.token })).json())).toEqual([avatar.id]);
    expect(ids((await s.api('GET', `${API}/medias?id=${avatar.id}`, { token: w.coteacher.token })).json())).toEqual([avatar.id]);
    expect(ids((await s.api('GET', `${API}/medias?id[]=${avatar.id}`, { token: w.stranger.token })).json())).toEqual([]);
  });

  it('pages like every collection', async () => {
    const me = await signUp(s);
    for (let i = 0; i < 3; i++) await uploadImage(me, MediaType.StudentAvatar);
    const res = (await s.api('GET', `${API}/medias?mediaType=${MediaType.StudentAvatar}&itemsPerPage=2&page=1`, { token: me.token })).json();
    expect(res['hydra:member']).toHaveLength(2);
    expect(res['hydra:totalItems']).toBe(3);
    expect(res['hydra:view']).toMatchObject({ 'hydra:next': expect.stringContaining('page=2'), 'hydra:last': expect.stringContaining('mediaType=32') });
    const second = (await s.api('GET', res['hydra:view']['hydra:next'], { token: me.token })).json();
    expect(second['hydra:member']).toHaveLength(1);
  });

  it.each([
    ['an unknown mediaType', 'mediaType=5', 'mediaType'],
    ['a mediaType that is not a number', 'mediaType=photo', 'mediaType'],
    ['an id that is not a number', 'id[]=x', 'id'],
    ['a page size of 0', 'itemsPerPage=0', 'itemsPerPage'],
  ])('answers 400 for %s', async (_label, qs, path) => {
    const me = await signUp(s);
    const res = await s.api('GET', `${API}/medias?${qs}`, { token: me.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0].propertyPath).toBe(path);
  });

  it('answers 401 without a token', async () => {
    expect((await s.api('GET', `${API}/medias`)).statusCode).toBe(401);
  });
});
