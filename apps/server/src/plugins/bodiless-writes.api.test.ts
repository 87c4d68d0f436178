import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
import { addStudent, API, createClass, type TestUser } from '../../test/classes';

/**
 * A write that reads no body (accept all, accept, reject, DELETE…) answers 400 naming a field sent to it, as every
 * route with a body does for a field it does not know; nothing, `{}` or JSON-LD names read back are fine.
 */
let s: TestServer;
let teacher: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  teacher = await signUp(s);
});
afterAll(() => s.close());

const pendingIn = async (classId: number) =>
  Number(
    (
      (await s.ctx.db.execute(
        sql`select count(*)::int as n from student_profile_user_invitation where teaching_class_id = ${classId} and is_approved is null`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n,
  );

describe('POST /teaching-class/{id}/student-profile-user-invitations/accept', () => {
  it('answers 400 naming an unknown field and accepts nothing; accepts all with no body or {}', async () => {
    const cls = await createClass(s, teacher);
    const ask = async () => {
      const parent = await signUp(s, { accountTypeRadio: 'parent_user' });
      const place = await addStudent(s, teacher, cls.id);
      const res = await s.api('POST', `${API}/student-profile-user-invitation`, {
        token: parent.token,
        body: { invitationCode: place.invitationCode },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await ask();
    const url = `${API}/teaching-class/${cls.id}/student-profile-user-invitations/accept`;
    const refused = await s.api('POST', url, { token: teacher.token, body: { teachingClassStudent: [1, 2], onlyThese: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().violations).toEqual([
      { propertyPath: '', message: 'Extra attributes are not allowed (teachingClassStudent, onlyThese).' },
    ]);
    expect(await pendingIn(cls.id)).toBe(1);
    expect((await s.api('POST', url, { token: teacher.token, body: [] })).statusCode).toBe(400);
    expect(await pendingIn(cls.id)).toBe(1);

    const empty = await s.api('POST', url, { token: teacher.token, body: {} });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()['hydra:totalItems']).toBe(1);
    await ask();
    const none = await s.api('POST', url, { token: teacher.token });
    expect([none.statusCode, none.json()['hydra:totalItems']]).toEqual([200, 1]);
    await ask();
    const readBack = await s.api('POST', url, {
      token: teacher.token,
      body: { '@context': '/api/contexts/X', '@type': 'hydra:Collection' },
    });
    expect([readBack.statusCode, readBack.json()['hydra:totalItems']]).toEqual([200, 1]);
    expect(await pendingIn(cls.id)).toBe(0);
  });
});

describe('every write that reads no body', () => {
  it('answers 400 naming a field sent to it, before anything else runs', async () => {
    const doc = (await s.api('GET', '/api/docs.json')).json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const bodiless = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m, op]) => ['post', 'put', 'patch', 'delete'].includes(m) && !op.requestBody && path.startsWith('/api/'))
        .filter(() => !path.startsWith(`${API}/uploads`))
        .map(([m]) => [m.toUpperCase(), path.replace(/\{[^}]+\}/g, '1')] as const),
    );
    expect(bodiless.map(([m, p]) => `${m} ${p}`)).toEqual(
      expect.arrayContaining([`POST ${API}/teaching-class/1/student-profile-user-invitations/accept`, `DELETE ${API}/rating/1`]),
    );
    for (const [method, url] of bodiless) {
      const res = await s.api(method, url, { token: teacher.token, body: { unexpected: 1 } });
      expect([method, url, res.statusCode, res.json().violations]).toEqual([
        method,
        url,
        400,
        [{ propertyPath: '', message: 'Extra attributes are not allowed (unexpected).' }],
      ]);
    }
  });
});
