import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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
