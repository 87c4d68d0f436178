import { describe, expect, it } from 'vitest';
import { API, withClassRoles } from '../../../test/classes';

const t = withClassRoles();

const names = (body: { 'hydra:member': { firstName: string }[] }) => body['hydra:member'].map((m) => m.firstName);

describe('GET /students', () => {
  it.each([
    ['creator', ['Amara', 'Bao']],
    ['coteacher', ['Amara', 'Bao']],
    ['evaluator', ['Amara', 'Bao']],
    ['linked', ['Amara']],
    ['stranger', []],
  ] as const)('lists for %s the students they may see', async (role, expected) => {
    const res = await t.s.api('GET', `${API}/students`, { token: t.w[role].token });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(expected);
  });

  it('filters by id[] and answers 400 for a malformed one, 401 without a token', async () => {
    const id = t.w.second.student.split('/').pop();
    expect(names((await t.s.api('GET', `${API}/students?id[]=${id}`, { token: t.w.creator.token })).json())).toEqual(['Bao']);
    expect((await t.s.api('GET', `${API}/students?id[]=x`, { token: t.w.creator.token })).statusCode).toBe(400);
    expect((await t.s.api('GET', `${API}/students`)).statusCode).toBe(401);
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
    const res = await t.s.api('GET', t.w.first.student, { token: t.w[role].token });
    expect(res.statusCode).toBe(status);
    if (status === 200)
      expect(res.json()).toMatchObject({
        '@context': '/api/contexts/Student',
        '@id': t.w.first.student,
        firstName: 'Amara',
        lastName: 'Okafor',
        creator: `${API}/user/${t.w.creator.id}`,
      });
  });

  it('hides the other students from a linked user; 401 without a token', async () => {
    expect((await t.s.api('GET', t.w.second.student, { token: t.w.linked.token })).statusCode).toBe(404);
    expect((await t.s.api('GET', t.w.first.student)).statusCode).toBe(401);
    expect((await t.s.api('GET', `${API}/student/999999`, { token: t.w.creator.token })).statusCode).toBe(404);
  });
});
