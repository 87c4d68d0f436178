import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MediaType } from '@skillroom/contract';
import { dbKind, signUp, startTestServer, type TestServer } from '../../test/harness';
import { API, createClass, type TestUser } from '../../test/classes';
import { classSkills, rate, seedSkills } from '../../test/ratings';
import { expectNoOrphans, keysOf, storedKeys, uploadImage } from '../../test/erasure';

let s: TestServer;
let teacher: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  teacher = await signUp(s);
}, 300_000);
afterAll(() => s.close());

const ROUNDS = 20;
const mediaRows = async (id: number) =>
  Number(
    ((await s.ctx.db.execute(sql`select count(*)::int as n from media where id = ${id}`)) as unknown as { rows: { n: number }[] }).rows[0]!
      .n,
  );

/**
 * POST /rating-media racing a deletion of what it attaches to (DESIGN §6; the erasure layer's lock order). An attach
 * that was answered 201 was committed before the deletion read the attachments, so its media went with the rating;
 * a refused one (400, 404 or 409, never 500) changed nothing, and its upload stays its uploader's, with its file.
 */
// Uploads whose attach was refused stay their uploader's (the sweep takes them after 24 h), across both tests.
const refused: number[] = [];

async function race(deletePath: (classId: number, ratingId: number) => string) {
  const seen: Record<number, number> = {};
  for (let i = 0; i < ROUNDS; i++) {
    const cls = await createClass(s, teacher, { name: `Race ${i}` });
    const action = (await classSkills(s, teacher, cls.id))[0]!.learningActions[0]!.id;
    const rating = await rate(s, teacher, cls.id, action);
    const photo = await uploadImage(s, teacher.token, MediaType.RatingPhoto);
    const keys = await keysOf(s, photo.id);
    const [attach, gone] = await Promise.all([
      s.api('POST', `${API}/rating-media`, { token: teacher.token, body: { rating: rating['@id'], media: photo['@id'] } }),
      s.api('DELETE', `${API}${deletePath(cls.id, rating.id)}`, { token: teacher.token }),
    ]);
    seen[attach.statusCode] = (seen[attach.statusCode] ?? 0) + 1;
    expect(gone.statusCode, gone.body).toBe(204);
    expect([201, 400, 404, 409], attach.body).toContain(attach.statusCode);
    if (attach.statusCode >= 400) expect(attach.json()['@type']).toMatch(/hydra:Error|ConstraintViolationList/);
    const stored = await storedKeys(s);
    if (attach.statusCode === 201) {
      expect(await mediaRows(photo.id), `round ${i}: attached media row left`).toBe(0);
      expect(
        keys.filter((k) => stored.has(k)),
        `round ${i}: attached media files left`,
      ).toEqual([]);
    } else {
      expect(await mediaRows(photo.id), `round ${i}: a refused attach lost the upload`).toBe(1);
      expect(keys.filter((k) => !stored.has(k))).toEqual([]);
      refused.push(photo.id);
    }
  }
  await expectNoOrphans(s, { unattached: refused });
  return seen;
}

describe(`attaching while deleting (${dbKind})`, { timeout: 600_000 }, () => {
  it(`POST /rating-media racing DELETE /teaching-class leaves no media row or file behind (${ROUNDS} rounds)`, async () => {
    const seen = await race((classId) => `/teaching-class/${classId}`);
    expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBe(ROUNDS);
  });

  it(`POST /rating-media racing DELETE /rating leaves no media row or file behind (${ROUNDS} rounds)`, async () => {
    const seen = await race((_classId, ratingId) => `/rating/${ratingId}`);
    expect(Object.values(seen).reduce((a, b) => a + b, 0)).toBe(ROUNDS);
  });
});
