import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { MediaType, type Rating } from '@skillroom/contract';
import { studentProfileUsers } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, classWithRoles } from '../../../test/classes';
import { startTestServer, type TestServer } from '../../../test/harness';
import { fetchBare, upload } from '../../../test/media';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
});
afterAll(() => s.close());

/** A class with a parent linked to its first student, and a rating of that student with a photo. */
async function ratedPhoto() {
  const w = await classWithRoles(s);
  const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#81b29a' } })
    .png()
    .toBuffer();
  const m = (await upload(s, w.creator.token, MediaType.RatingPhoto, { filename: 'p.png', type: 'image/png', content: png })).json() as {
    id: number;
  };
  const action = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
  const r = await rate(s, w.creator, w.cls.id, action, { students: [w.first['@id']], medias: [m.id] });
  /** The photo's links as the API gives them to this user. */
  const linksOf = async (token: string) => {
    const got = (await s.api('GET', `${API}/rating/${r.id}`, { token })).json() as Rating;
    return got.medias[0]!.media;
  };
  return { w, r, m, linksOf };
}

const userOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('u'));

describe('signed media links carry their user (DESIGN §6)', () => {
  it("a parent's link stops working once the parent is unlinked, and a thumbnail's too", async () => {
    const { w, linksOf } = await ratedPhoto();
    const links = await linksOf(w.linked.token);
    expect(userOf(links.url)).toBe(w.linked.id);
    expect((await fetchBare(s, links.url)).statusCode).toBe(200);
    expect((await fetchBare(s, links.thumbUrl!)).statusCode).toBe(200);

    const link = (
      await s.api('GET', `${API}/student-profile-users?student.id=${w.first.student.split('/').pop()}`, { token: w.creator.token })
    ).json();
    const linkId = link['hydra:member'].find((l: { user: { id: number } }) => l.user.id === w.linked.id).id as number;
    expect((await s.api('DELETE', `${API}/student-profile-user/${linkId}`, { token: w.creator.token })).statusCode).toBe(204);

    // The write cleared this instance's cache of access answers: no wait of up to 60 s.
    expect((await fetchBare(s, links.url)).statusCode).toBe(403);
    expect((await fetchBare(s, links.thumbUrl!)).statusCode).toBe(403);
    // The teacher's own link still works.
    expect((await fetchBare(s, (await linksOf(w.creator.token)).url)).statusCode).toBe(200);
  });

  it('deleting the rating ends every link to its photo', async () => {
    const { w, r, linksOf } = await ratedPhoto();
    const { url } = await linksOf(w.linked.token);
    expect((await fetchBare(s, url)).statusCode).toBe(200);
    expect((await s.api('DELETE', `${API}/rating/${r.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect([403, 404]).toContain((await fetchBare(s, url)).statusCode);
  });

  it("a link signed for one user does not become another's: a changed user id fails the signature", async () => {
    const { w, linksOf } = await ratedPhoto();
    const { url } = await linksOf(w.creator.token);
    expect(userOf(url)).toBe(w.creator.id);
    expect((await fetchBare(s, url)).statusCode).toBe(200);
    for (const u of [w.linked.id, w.stranger.id, 0, w.creator.id + 1])
      expect((await fetchBare(s, url.replace(/u=\d+/, `u=${u}`))).statusCode).toBe(403);
    expect((await fetchBare(s, url.replace(/&u=\d+/, ''))).statusCode).toBe(403);
    // A stranger's own (valid) signature on the path opens nothing the stranger may not see.
    expect((await fetchBare(s, s.ctx.urlSigner.sign(new URL(url, 'http://x').pathname, Date.now(), w.stranger.id))).statusCode).toBe(403);
  });

  it('an access answer is kept at most 60 s: a change made behind this instance counts after that', async () => {
    const { w, m, linksOf } = await ratedPhoto();
    const { url } = await linksOf(w.linked.token);
    expect((await fetchBare(s, url)).statusCode).toBe(200);
    expect(s.ctx.linkAccess.get(`${w.linked.id}:${m.id}`)).toBe(true);
    // Another instance unlinks the parent (straight in the database: no write passes through this one).
    await s.ctx.db.delete(studentProfileUsers).where(eq(studentProfileUsers.userId, w.linked.id));
    expect((await fetchBare(s, url)).statusCode).toBe(200);
    // The hook a test (or a minute) gives: the cached answer goes, and the link fails.
    s.ctx.linkAccess.clear();
    expect((await fetchBare(s, url)).statusCode).toBe(403);
  });
});
