import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles } from '../../../test/classes';

/**
 * GET /api/auth/v1/schools: the list sign-up already shows anyone (GET /api/public/v1/schools), for signed-in users
 * (the product's client asks this one). Schools hold no personal data: every role sees the same list.
 */
let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
beforeAll(async () => {
  s = await startTestServer();
  w = await classWithRoles(s);
  for (const name of ['Maple Primary', 'Oak Secondary', 'Maple Grove Academy'])
    expect((await s.api('POST', `${API}/school`, { token: w.creator.token, body: { name } })).statusCode).toBe(201);
});
afterAll(() => s.close());

const withoutPrefix = (body: string) => body.replaceAll('/api/auth/v1/schools', '…').replaceAll('/api/public/v1/schools', '…');

describe(`GET /api/auth/v1/schools (${dbKind})`, () => {
  it('answers every signed-in role the public list, filtered and paged alike', async () => {
    for (const q of ['', '?name=maple', '?name=maple&itemsPerPage=1&page=2']) {
      const open = await s.api('GET', `/api/public/v1/schools${q}`);
      for (const u of [w.creator, w.coteacher, w.evaluator, w.linked, w.stranger]) {
        const res = await s.api('GET', `${API}/schools${q}`, { token: u.token });
        expect(res.statusCode).toBe(200);
        expect(withoutPrefix(res.body), q).toBe(withoutPrefix(open.body));
      }
    }
    const page = (await s.api('GET', `${API}/schools?name=maple&itemsPerPage=1`, { token: w.linked.token })).json();
    expect(page).toMatchObject({ 'hydra:totalItems': 2, 'hydra:view': { 'hydra:next': `${API}/schools?name=maple&page=2&itemsPerPage=1` } });
    expect(Object.keys(page['hydra:member'][0]).sort()).toEqual(['@id', '@type', 'created', 'id', 'name', 'numTeachers', 'updated']);
  });

  it('answers 401 without a token and 400 to a filter it does not know', async () => {
    expect((await s.api('GET', `${API}/schools`)).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/schools?city=x`, { token: w.creator.token })).statusCode).toBe(400);
  });
});
