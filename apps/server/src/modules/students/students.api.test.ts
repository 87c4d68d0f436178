import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles } from '../../../test/classes';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
beforeAll(async () => {
  s = await startTestServer();
  w = await classWithRoles(s);
});
afterAll(() => s.close());

const names = (body: { 'hydra:member': { firstName: string }[] }) => body['hydra:member'].map((m) => m.firstName);

describe('GET /students', () => {
  it.each([
    ['creator', ['Amara', 'Bao']],
    ['coteacher', ['Amara', 'Bao']],
    ['evaluator', ['Amara', 'Bao']],
    ['linked', ['Amara']],
    ['stranger', []],
  ] as const)('lists for %s the students they may see', async (role, expected) => {
    const res = await s.api('GET', `${API}/students`, { token: w[role].token });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(expected);
  });

  it('filters by id[] and answers 400 for a malformed one, 401 without a token', async () => {
    const id = w.second.student.split('/').pop();
    expect(names((await s.api('GET', `${API}/students?id[]=${id}`, { token: w.creator.token })).json())).toEqual(['Bao']);
    expect((await s.api('GET', `${API}/students?id[]=x`, { token: w.creator.token })).statusCode).toBe(400);
    expect((await s.api('GET', `${API}/students`)).statusCode).toBe(401);
  });
});

describe('GET /student/{id}', () => {
  it.each([
    ['creator', 200],
    ['coteacher', 200],
    ['evaluator', 200],
    ['linked', 200],
    ['stranger', 404],
  ] as const)('answers %s with %i for the linked student', async (role, status) => {
    const res = await s.api('GET', w.first.student, { token: w[role].token });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json()).toMatchObject({ '@context': '/api/contexts/Student', '@id': w.first.student, firstName: 'Amara', lastName: 'Okafor', creator: `${API}/user/${w.creator.id}` });
  });

  it('hides the other students from a linked user; 401 without a token', async () => {
    expect((await s.api('GET', w.second.student, { token: w.linked.token })).statusCode).toBe(404);
    expect((await s.api('GET', w.first.student)).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/student/999999`, { token: w.creator.token })).statusCode).toBe(404);
  });
});
