import { beforeAll, describe, expect, it } from 'vitest';
import { dbKind } from '../../../test/harness';
import { API, withClassRoles } from '../../../test/classes';

/**
 * GET /api/auth/v1/schools: the list sign-up already shows anyone (GET /api/public/v1/schools), for signed-in users
 * (the product's client asks this one). Schools hold no personal data: every role sees the same list.
 */
const t = withClassRoles();
beforeAll(async () => {
  for (const name of ['Maple Primary', 'Oak Secondary', 'Maple Grove Academy'])
    expect((await t.s.api('POST', `${API}/school`, { token: t.w.creator.token, body: { name } })).statusCode).toBe(201);
});

const withoutPrefix = (body: string) => body.replaceAll('/api/auth/v1/schools', '…').replaceAll('/api/public/v1/schools', '…');

describe(`GET /api/auth/v1/schools (${dbKind})`, () => {
  it('answers every signed-in role the public list, filtered and paged alike', async () => {
    for (const q of ['', '?name=maple', '?name=maple&itemsPerPage=1&page=2']) {
      const open = await t.s.api('GET', `/api/public/v1/schools${q}`);
      for (const u of [t.w.creator, t.w.coteacher, t.w.evaluator, t.w.linked, t.w.stranger]) {
        const res = await t.s.api('GET', `${API}/schools${q}`, { token: u.token });
        expect(res.statusCode).toBe(200);
        expect(withoutPrefix(res.body), q).toBe(withoutPrefix(open.body));
      }
    }
    const page = (await t.s.api('GET', `${API}/schools?name=maple&itemsPerPage=1`, { token: t.w.linked.token })).json();
    expect(page).toMatchObject({
      'hydra:totalItems': 2,
      'hydra:view': { 'hydra:next': `${API}/schools?name=maple&page=2&itemsPerPage=1` },
    });
    expect(Object.keys(page['hydra:member'][0]).sort()).toEqual(['@id', '@type', 'created', 'id', 'name', 'numTeachers', 'updated']);
  });

  it('answers 401 without a token and 400 to a filter it does not know', async () => {
    expect((await t.s.api('GET', `${API}/schools`)).statusCode).toBe(401);
    expect((await t.s.api('GET', `${API}/schools?city=x`, { token: t.w.creator.token })).statusCode).toBe(400);
  });
});
