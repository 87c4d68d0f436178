import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, makeSubscription } from '../../../test/classes';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('subscriptions', () => {
  it("lists the signed-in user's subscriptions, as teacher or evaluator, 1000 a page by default", async () => {
    const [t, e, both, other] = await Promise.all([signUp(s), signUp(s), signUp(s), signUp(s)]);
    const a = await makeSubscription(s, { name: 'Alpha plan', teachers: [t, both], evaluators: [e, both], canCreateIndividual: true });
    await makeSubscription(s, { name: 'Beta plan', teachers: [other] });
    const res = await s.api('GET', `${API}/subscriptions?itemsPerPage=1000`, { token: t.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()['hydra:member']).toEqual([
      { '@id': `${API}/subscription/${a.id}`, '@type': 'Subscription', id: a.id, created: expect.any(String), updated: expect.any(String), name: 'Alpha plan', start: '2026-01-01', end: '2027-12-31', canCreateIndividual: true, school: null, userRoles: ['teacher'] },
    ]);
    expect(res.json()['hydra:view']['@id']).toContain('itemsPerPage=1000');
    expect((await s.api('GET', `${API}/subscriptions`, { token: e.token })).json()['hydra:member'][0].userRoles).toEqual(['evaluator']);
    expect((await s.api('GET', `${API}/subscriptions`, { token: both.token })).json()['hydra:member'][0].userRoles).toEqual(['evaluator', 'teacher']);
    expect((await s.api('GET', `${API}/subscriptions`, { token: (await signUp(s)).token })).json()['hydra:totalItems']).toBe(0);
  });

  it('shows a subscription to its members only: 404 for anyone else, 401 without a token', async () => {
    const [t, e, stranger] = await Promise.all([signUp(s), signUp(s), signUp(s)]);
    const sub = await makeSubscription(s, { teachers: [t], evaluators: [e] });
    for (const u of [t, e]) expect((await s.api('GET', `${API}/subscription/${sub.id}`, { token: u.token })).json()).toMatchObject({ '@context': '/api/contexts/Subscription', id: sub.id });
    expect((await s.api('GET', `${API}/subscription/${sub.id}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/subscription/999999`, { token: t.token })).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/subscription/${sub.id}`)).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/subscriptions`)).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/subscriptions?itemsPerPage=5000`, { token: t.token })).statusCode).toBe(400);
  });
});
