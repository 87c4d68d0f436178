import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionMembers, teachingClassTeachers, users } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { addStudent, API, createClass, makeSubscription } from '../../../test/classes';
import { classAnswerCaches } from './teaching-classes.routes';

// Class reads are cached per user and checked against a version the database bumps with every change to what they
// are made of; these tests change each of those tables behind the API's back and expect the next read to see it.
describe('cached class reads', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  const list = async (token: string) => (await s.api('GET', `${API}/teaching-classes?page=1&itemsPerPage=10`, { token })).json();
  const detail = async (token: string, id: number) => (await s.api('GET', `${API}/teaching-class/${id}`, { token })).json();

  it('answers the same body twice, then the change after a write through the API', async () => {
    const t = await signUp(s);
    const cls = await createClass(s, t);
    const first = await list(t.token);
    expect(await list(t.token)).toEqual(first);
    expect(first['hydra:member'][0].numStudents).toBe(0);
    await addStudent(s, t, cls.id);
    expect((await list(t.token))['hydra:member'][0].numStudents).toBe(1);
    expect((await detail(t.token, cls.id)).teachingClassStudents).toHaveLength(1);
  });

  it('sees a co-teacher added and renamed straight in the database', async () => {
    const [t, co] = await Promise.all([signUp(s), signUp(s)]);
    const cls = await createClass(s, t);
    expect((await detail(t.token, cls.id)).teachers).toHaveLength(0);
    expect((await list(co.token))['hydra:totalItems']).toBe(0);
    await s.ctx.db.insert(teachingClassTeachers).values({ teachingClassId: cls.id, teacherId: co.id });
    expect((await detail(t.token, cls.id)).teachers).toHaveLength(1);
    expect((await list(co.token))['hydra:totalItems']).toBe(1);
    await s.ctx.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, co.id));
    expect((await detail(t.token, cls.id)).teachers[0].firstName).toBe('Renamed');
  });

  it('forgets an evaluator whose subscription membership is removed', async () => {
    const [t, ev] = await Promise.all([signUp(s), signUp(s)]);
    const sub = await makeSubscription(s, { teachers: [t], evaluators: [ev] });
    const cls = await createClass(s, t, { subscription: `${API}/subscription/${sub.id}` });
    expect((await detail(ev.token, cls.id)).userType).toBe(2);
    await s.ctx.db.delete(subscriptionMembers).where(eq(subscriptionMembers.userId, ev.id));
    expect((await s.api('GET', `${API}/teaching-class/${cls.id}`, { token: ev.token })).statusCode).toBe(404);
    expect((await list(ev.token))['hydra:totalItems']).toBe(0);
  });
});

describe('the class answer cache', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('is not keyed on query parameters the list does not understand', async () => {
    const t = await signUp(s);
    await createClass(s, t);
    const cache = classAnswerCaches.get(s.ctx.db)!;
    const plain = await s.api('GET', `${API}/teaching-classes?page=1`, { token: t.token });
    expect(plain.statusCode).toBe(200);
    const before = cache.size;
    for (let i = 0; i < 50; i++) {
      const res = await s.api('GET', `${API}/teaching-classes?page=1&junk=${i}&junk${i}[]=x`, { token: t.token });
      // Unknown parameters are ignored or refused, never remembered.
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json()['hydra:view']['@id']).not.toContain('junk');
    }
    expect(cache.size).toBe(before);
  });
});
