import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schools, teachingClasses, users } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, createClass } from '../../../test/classes';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const named = async (name: string) =>
  await s.ctx.db
    .select()
    .from(schools)
    .where(sql`lower(regexp_replace(btrim(${schools.name}), '\\s+', ' ', 'g')) = ${name}`);

describe('one school per name', () => {
  it('gives eight parallel creations of one name (case and spacing aside) the same school', async () => {
    const u = await signUp(s);
    const spellings = [
      'Riverbank High',
      'riverbank high',
      'RIVERBANK HIGH',
      ' Riverbank  High ',
      'Riverbank\tHigh',
      'riverbank High',
      'Riverbank high',
      'Riverbank High',
    ];
    const answers = await Promise.all(spellings.map((name) => s.api('POST', `${API}/school`, { token: u.token, body: { name } })));
    for (const a of answers) expect([200, 201], a.body).toContain(a.statusCode);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await named('riverbank high')).toHaveLength(1);
  });

  it('gives parallel sign-ups naming a new school one school', async () => {
    const bodies = Array.from({ length: 6 }, (_, i) => ({ schoolName: i % 2 ? 'Hillcrest  Primary' : 'hillcrest primary' }));
    const people = await Promise.all(bodies.map((b) => signUp(s, b)));
    const ids = new Set(people.map(({ user }) => (typeof user.school === 'string' ? user.school : user.school?.['@id'])));
    expect(ids.has(undefined)).toBe(false);
    expect(ids.size).toBe(1);
    expect(await named('hillcrest primary')).toHaveLength(1);
  });

  it('refuses a second school of that name at the database, whoever writes it', async () => {
    await s.ctx.db.insert(schools).values({ name: 'Brookside' });
    await expect(s.ctx.db.insert(schools).values({ name: ' BROOKSIDE ' })).rejects.toThrow();
  });

  it('matches a name typed without its accents or in another case, in the list and when naming it (issue 36 §9)', async () => {
    const u = await signUp(s);
    const made = (await s.api('POST', `${API}/school`, { token: u.token, body: { name: 'École Sainte-Thérèse' } })).json();
    const list = await s.api('GET', `/api/public/v1/schools?name=${encodeURIComponent('ecole sainte-THERESE')}`);
    expect(list.json()['hydra:member'].map((x: { id: number }) => x.id)).toEqual([made.id]);
    const again = await s.api('POST', `${API}/school`, { token: u.token, body: { name: 'ECOLE  sainte-therese' } });
    expect(again.json().id).toBe(made.id);
    const { user } = await signUp(s, { schoolName: 'ecole sainte-thérèse' });
    expect(typeof user.school === 'string' ? user.school : user.school?.['@id']).toBe(made['@id']);
    expect((await s.api('GET', `/api/public/v1/schools?name=${encodeURIComponent('Thérèse')}`)).json()['hydra:totalItems']).toBe(1);
  });

  it('keeps the text of the first spelling, with its spaces tidied', async () => {
    const u = await signUp(s);
    const a = await s.api('POST', `${API}/school`, { token: u.token, body: { name: '  Elm   Tree   Academy ' } });
    expect(a.json().name).toBe('Elm Tree Academy');
  });
});

describe('the migration to unique school names', () => {
  it('merges schools named alike into the oldest, moving their users and classes', async () => {
    const migration = fs.readFileSync(path.resolve(import.meta.dirname, '../../db/migrations/0003_school_name_unique.sql'), 'utf8');
    const steps = migration
      .split('--> statement-breakpoint')
      .map((x) => x.trim())
      .filter(Boolean);
    const merge = steps.filter((x) => !/INDEX/.test(x));
    expect(merge.length).toBeGreaterThan(0);
    const teacher = await signUp(s);
    const cls = await createClass(s, teacher);
    await s.ctx.db.execute(sql`drop index school_name_key`);
    try {
      const [a] = await s.ctx.db.insert(schools).values({ name: 'Willow Bank' }).returning();
      const [b] = await s.ctx.db.insert(schools).values({ name: 'willow  bank' }).returning();
      await s.ctx.db.update(users).set({ schoolId: b!.id }).where(eq(users.id, teacher.id));
      await s.ctx.db.update(teachingClasses).set({ schoolId: b!.id }).where(eq(teachingClasses.id, cls.id));
      for (const step of merge) await s.ctx.db.execute(sql.raw(step));
      expect((await named('willow bank')).map((r) => r.id)).toEqual([a!.id]);
      expect((await s.ctx.db.select().from(users).where(eq(users.id, teacher.id)))[0]!.schoolId).toBe(a!.id);
      expect((await s.ctx.db.select().from(teachingClasses).where(eq(teachingClasses.id, cls.id)))[0]!.schoolId).toBe(a!.id);
    } finally {
      await s.ctx.db.execute(sql.raw(steps.find((x) => /CREATE UNIQUE INDEX/.test(x))!));
    }
  });
});
