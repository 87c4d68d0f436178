import { randomUUID } from 'node:crypto';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles } from '../../../test/classes';
import { uploadImage } from '../../../test/erasure';
import { classSkills, ratingBody, seedSkills } from '../../../test/ratings';
import { countRoundTrips } from '../../../test/round-trips';

/** Database round trips for saving one observation: 3 students, 2 actions, one photo (issue 34). */

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let actions: number[];
let places: string[];
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  actions = (await classSkills(s, w.creator, w.cls.id)).flatMap((k) => k.learningActions.map((a) => a.id));
  places = [
    w.first['@id'],
    (await addStudent(s, w.creator, w.cls.id, { firstName: 'Bo' }))['@id'],
    (await addStudent(s, w.creator, w.cls.id, { firstName: 'Cy' }))['@id'],
  ];
});
afterAll(() => s.close());

describe('round trips per saved observation', () => {
  it('one POST /rating per action with a photo (as the web outbox sent it before /observation)', async () => {
    // A photo each: one photo linked by several POST /rating is refused now that an observation is written at once.
    const photos = [
      await uploadImage(s, w.creator.token, MediaType.RatingPhoto),
      await uploadImage(s, w.creator.token, MediaType.RatingPhoto),
    ];
    const observation = randomUUID();
    const { result, trips } = await countRoundTrips(s, () =>
      Promise.all(
        actions.slice(0, 2).map((a, i) =>
          s.api('POST', `${API}/rating`, {
            token: w.creator.token,
            headers: { 'idempotency-key': randomUUID() },
            body: ratingBody(w.cls.id, a, { observation, students: places, medias: [photos[i]!['@id']] }),
          }),
        ),
      ),
    );
    expect(result.map((r) => r.statusCode)).toEqual([201, 201]);
    console.info(`[round trips] ${dbKind}: 2 × POST /rating (3 students, a photo each): ${trips}`);
    expect(trips).toBeGreaterThan(0);
  });

  it('one POST /observation', async () => {
    const photo = await uploadImage(s, w.creator.token, MediaType.RatingPhoto);
    const { result, trips } = await countRoundTrips(s, () =>
      s.api('POST', `${API}/observation`, {
        token: w.creator.token,
        headers: { 'idempotency-key': randomUUID() },
        body: {
          teachingClass: w.cls.id,
          learningActions: actions.slice(0, 2),
          date: '2026-10-05',
          points: 3,
          description: 'Explained fractions to the group.',
          students: places,
          medias: [photo['@id']],
        },
      }),
    );
    expect(result.statusCode, result.body).toBe(201);
    console.info(`[round trips] ${dbKind}: POST /observation (2 actions, 3 students, 1 photo): ${trips}`);
    // A guard against a check creeping back in per rating: the whole observation costs what one rating did before,
    // plus telling the families once per observation (DESIGN §11): their readers, then their notices, a trip each; the
    // skills' stages the points must name (DESIGN §12), and one statement asking whether the uploads are attached to
    // anything else (a message, a home observation, an avatar: `attachedMediaIds`, every kind in one union).
    expect(trips).toBeLessThanOrEqual(20);
  });
});
