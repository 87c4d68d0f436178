import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('schools', () => {
  it('lists schools by name for the public sign-up picker, as a hydra collection', async () => {
    const u = await signUp(s);
    for (const name of ['Oakwood Academy', 'Oak Hill School', 'Pine Ridge']) await s.api('POST', '/api/auth/v1/school', { token: u.token, body: { name } });
    const res = await s.api('GET', '/api/public/v1/schools?name=oak');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['@type']).toBe('hydra:Collection');
    expect(body['hydra:totalItems']).toBe(2);
    expect(body['hydra:member'].map((m: { name: string }) => m.name)).toEqual(['Oak Hill School', 'Oakwood Academy']);
  });

  it('treats LIKE wildcards in the search as text', async () => {
    const res = await s.api('GET', '/api/public/v1/schools?name=%25');
    expect(res.json()['hydra:totalItems']).toBe(0);
  });

  it('creates a school (201), re-uses one of the same name, and shows numTeachers', async () => {
    const u = await signUp(s);
    const a = await s.api('POST', '/api/auth/v1/school', { token: u.token, body: { name: 'Lakeside' } });
    expect(a.statusCode).toBe(201);
    const b = await s.api('POST', '/api/auth/v1/school', { token: u.token, body: { name: 'LAKESIDE' } });
    expect(b.json().id).toBe(a.json().id);
    const got = await s.api('GET', `/api/auth/v1/school/${a.json().id}`, { token: u.token });
    expect(got.json()).toMatchObject({ '@id': `/api/auth/v1/school/${a.json().id}`, name: 'Lakeside', numTeachers: 0 });
  });

  it('answers 400 for a blank name or bad paging, 404 for an unknown school and 401 without a token', async () => {
    const u = await signUp(s);
    const blank = await s.api('POST', '/api/auth/v1/school', { token: u.token, body: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().violations).toEqual([{ propertyPath: 'name', message: 'This value should not be blank.' }]);
    expect((await s.api('GET', '/api/public/v1/schools?itemsPerPage=5000')).statusCode).toBe(400);
    expect((await s.api('GET', '/api/auth/v1/school/424242', { token: u.token })).statusCode).toBe(404);
    expect((await s.api('GET', '/api/auth/v1/school/1')).statusCode).toBe(401);
    expect((await s.api('POST', '/api/auth/v1/school', { body: { name: 'X' } })).statusCode).toBe(401);
  });
});
