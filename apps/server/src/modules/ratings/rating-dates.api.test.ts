import { RATING_MESSAGES } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles, createClass } from '../../../test/classes';
import { classSkills, rate, ratingBody, seedSkills } from '../../../test/ratings';
import { latestToday } from './ratings.checks';

/** DESIGN §7: a rating's date lies within its class's start and end and not after today; 400 on `date` otherwise. */

const day = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let action: number;
/** A class running from 30 days ago to a year ahead, so that "the future" lies inside its dates. */
let current: { id: number; start: string; end: string };
let currentAction: number;
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  action = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
  current = await createClass(s, w.creator, { name: 'This year', start: iso(Date.now() - 30 * day), end: iso(Date.now() + 365 * day) });
  currentAction = (await classSkills(s, w.creator, current.id))[0]!.learningActions[0]!.id;
});
afterAll(() => s.close());

const tomorrowEverywhere = () => iso(Date.parse(`${latestToday()}T00:00:00Z`) + day);

describe('rating dates', () => {
  it.each(['creator', 'coteacher', 'evaluator'] as const)(
    '%s gets 400 on date before the start or after the end of the class',
    async (who) => {
      const cases: [string, string][] = [
        ['2026-08-31', RATING_MESSAGES.dateBeforeClass],
        ['2027-07-16', RATING_MESSAGES.dateAfterClass],
      ];
      for (const [date, message] of cases) {
        const res = await s.api('POST', `${API}/rating`, { token: w[who].token, body: ratingBody(w.cls.id, action, { date }) });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().violations).toEqual([{ propertyPath: 'date', message }]);
      }
      // Both ends are inside.
      for (const date of ['2026-09-01', latestToday() < '2027-07-15' ? latestToday() : '2027-07-15'])
        expect(
          (await s.api('POST', `${API}/rating`, { token: w[who].token, body: ratingBody(w.cls.id, action, { date }) })).statusCode,
        ).toBe(201);
    },
  );

  it('refuses a date after today (judged at UTC+14, the last place where it is still today)', async () => {
    const res = await s.api('POST', `${API}/rating`, {
      token: w.creator.token,
      body: ratingBody(current.id, currentAction, { date: tomorrowEverywhere() }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations).toEqual([{ propertyPath: 'date', message: RATING_MESSAGES.dateInFuture }]);
    // Today in Hong Kong, or anywhere ahead of UTC, is accepted.
    const today = await s.api('POST', `${API}/rating`, {
      token: w.creator.token,
      body: ratingBody(current.id, currentAction, { date: latestToday() }),
    });
    expect(today.statusCode, today.body).toBe(201);
  });

  it('checks a new date on PATCH, leaves the rating as it was, and accepts a date sent back unchanged', async () => {
    const r = await rate(s, w.coteacher, w.cls.id, action, { date: '2026-10-05' });
    for (const [date, message] of [
      ['2026-01-01', RATING_MESSAGES.dateBeforeClass],
      ['2030-01-01', RATING_MESSAGES.dateAfterClass],
    ]) {
      const res = await s.api('PATCH', `${API}/rating/${r.id}`, { token: w.coteacher.token, body: { date, points: 5 } });
      expect(res.statusCode).toBe(400);
      expect(res.json().violations).toEqual([{ propertyPath: 'date', message }]);
    }
    const after = (await s.api('GET', `${API}/rating/${r.id}`, { token: w.coteacher.token })).json();
    expect([after.date, after.points]).toEqual(['2026-10-05', 3]);
    // The class's dates move past the rating: sending its date back unchanged still saves the rest.
    expect(
      (await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { start: '2026-10-10' } })).statusCode,
    ).toBe(200);
    const same = await s.api('PATCH', `${API}/rating/${r.id}`, { token: w.coteacher.token, body: { date: '2026-10-05', points: 4 } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().points).toBe(4);
    const moved = await s.api('PATCH', `${API}/rating/${r.id}`, { token: w.coteacher.token, body: { date: '2026-10-06' } });
    expect(moved.statusCode).toBe(400);
    expect(
      (await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { start: '2026-09-01' } })).statusCode,
    ).toBe(200);
  });
});
