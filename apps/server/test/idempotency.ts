import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { IDEMPOTENCY } from '@skillroom/contract';
import { idempotencyKeys, ratings } from '../src/db/schema';
import { signUp, startTestServer } from './harness';
import { API, createClass, type TestUser } from './classes';
import { classSkills, ratingBody, seedSkills } from './ratings';

/** A server with a teacher, their class and an action to rate, and what tests of `Idempotency-Key` ask of them. */
export async function idempotencyWorld() {
  const s = await startTestServer();
  await seedSkills(s);
  const teacher = await signUp(s);
  const classId = (await createClass(s, teacher)).id as number;
  const actionId = (await classSkills(s, teacher, classId))[0]!.learningActions[0]!.id;
  const withKey = (key: string) => ({ [IDEMPOTENCY.header]: key });
  return {
    s,
    teacher,
    classId,
    actionId,
    withKey,
    newKey: () => crypto.randomUUID(),
    /** Ratings written with this note: how many times a write happened. */
    ratingsNoted: async (note: string) => (await s.ctx.db.select({ n: count() }).from(ratings).where(eq(ratings.description, note)))[0]!.n,
    keyRows: async (key: string) => s.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
    postRating: (u: TestUser, key: string, note: string, o: Record<string, unknown> = {}) =>
      s.api('POST', `${API}/rating`, {
        token: u.token,
        body: ratingBody(classId, actionId, { description: note, ...o }),
        headers: withKey(key),
      }),
  };
}

/** Whether an answer was replayed from a kept one. */
export const replayed = (res: { headers: Record<string, unknown> }) => res.headers[IDEMPOTENCY.replayedHeader.toLowerCase()];

/** The body a replay of this 2xx answer carries (records/kept-answer.ts): the ids of what it made, nothing else. */
export function keptOf(res: { json: () => unknown }): string {
  const b = res.json() as { '@id': string; '@type': string; id: number };
  return JSON.stringify({ '@id': b['@id'], '@type': b['@type'], id: b.id });
}
