import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teachingClasses } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { teachingClassStudentsService } from './teaching-class-students.service';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { addStudent, API, createClass } from '../../../test/classes';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('a class deleted while students are added to it', () => {
  it('answers each addition 201, 404 or 409 (never 500), and leaves no student without a class', async () => {
    const u = await signUp(s);
    const seen = new Map<number, number>();
    for (let i = 0; i < 25; i++) {
      const cls = await createClass(s, u, { name: `Race ${i}` });
      // Additions and copies start first, so that they pass their checks before the class goes.
      const source = await addStudent(s, u, cls.id);
      const adds = Array.from({ length: 3 }, (_, k) =>
        k === 2
          ? s.api('POST', `${API}/teaching-class-student/copy`, { token: u.token, body: { teachingClass: cls['@id'], teachingClassStudents: [source['@id']] } })
          : s.api('POST', `${API}/teaching-class-student`, { token: u.token, body: { teachingClass: cls['@id'], firstName: `Kid ${k}` } }),
      );
      const del = s.api('DELETE', `${API}/teaching-class/${cls.id}`, { token: u.token });
      for (const r of [...(await Promise.all(adds)), await del]) {
        seen.set(r.statusCode, (seen.get(r.statusCode) ?? 0) + 1);
        expect([201, 204, 400, 404, 409], r.body).toContain(r.statusCode);
      }
    }
    expect(seen.get(204)).toBe(25);
    const { rows } = (await s.ctx.db.execute(
      sql`select count(*)::int as n from student st where not exists (select 1 from teaching_class_student p where p.student_id = st.id)`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });
});

/** The database, but the class is deleted just before the next transaction starts: the race, made certain on both databases. */
const deletingBeforeWrite = (db: Db, classId: number) =>
  new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown;
      return async (...args: Parameters<Db['transaction']>) => {
        await target.delete(teachingClasses).where(eq(teachingClasses.id, classId));
        return target.transaction(...args);
      };
    },
  });

describe('a class deleted between the checks and the write', () => {
  it('answers an addition or a copy into it with 404, and writes nothing', async () => {
    const u = await signUp(s);
    const p = { userId: u.id, username: u.username, roles: ['ROLE_USER'] };
    const other = await createClass(s, u, { name: 'Source' });
    const source = await addStudent(s, u, other.id);
    for (const write of [
      (db: Db, id: number) => teachingClassStudentsService.create(db, p, { teachingClass: id, firstName: 'Late', lastName: null, code: null, avatar: null }),
      (db: Db, id: number) => teachingClassStudentsService.copy(db, p, { teachingClass: id, teachingClassStudents: [source.id] }),
    ]) {
      const cls = await createClass(s, u, { name: 'Going' });
      const error = await write(deletingBeforeWrite(s.ctx.db, cls.id), cls.id).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(404);
    }
    const { rows } = (await s.ctx.db.execute(sql`select count(*)::int as n from student where first_name = 'Late'`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });
});
