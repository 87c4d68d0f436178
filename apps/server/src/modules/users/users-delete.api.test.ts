import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dbKind, signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles, createClass, type TestUser } from '../../../test/classes';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
}, 300_000);
afterAll(() => s.close());

const remove = (u: TestUser | null, id: number, body?: unknown) => s.api('DELETE', `${API}/user/${id}`, { token: u?.token, body });
const exists = async (id: number) =>
  Number(
    ((await s.ctx.db.execute(sql`select count(*)::int as n from app_user where id = ${id}`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  ) === 1;

describe(`DELETE /user/{id} (${dbKind})`, { timeout: 120_000 }, () => {
  it("per role: another's account is 403 when they may see it, 404 when not, 401 signed out; nothing changes", async () => {
    const w = await classWithRoles(s);
    for (const [who, status] of [
      ['coteacher', 403],
      ['evaluator', 403],
      ['linked', 403],
      ['stranger', 404],
    ] as const) {
      const res = await remove(w[who], w.creator.id, { currentPassword: w[who].password });
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
      expect(res.json()['@type']).toBe('hydra:Error');
    }
    expect((await remove(null, w.creator.id, { currentPassword: 'x' })).statusCode).toBe(401);
    expect((await remove(w.stranger, 999_999, { currentPassword: w.stranger.password })).statusCode).toBe(404);
    expect(await exists(w.creator.id)).toBe(true);
  });

  it('asks for the current password: missing, wrong, extra fields and wrong types are 400 violations', async () => {
    const u = await signUp(s);
    const cases: [unknown, string, string][] = [
      [undefined, 'currentPassword', 'This value should not be blank.'],
      [{}, 'currentPassword', 'This value should not be blank.'],
      [{ currentPassword: '' }, 'currentPassword', 'This value should not be blank.'],
      [{ currentPassword: 12 }, 'currentPassword', 'This value should be of type string.'],
      [{ currentPassword: 'not my password' }, 'currentPassword', 'This is not your current password.'],
      [{ currentPassword: u.password, reason: 'bye' }, '', 'Extra attributes are not allowed (reason).'],
    ];
    for (const [body, path, message] of cases) {
      const res = await remove(u, u.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().violations).toEqual([{ propertyPath: path, message }]);
    }
    expect(await exists(u.id)).toBe(true);
  });

  it('answers 409 naming the classes the user still owns; after handing them over, 204', async () => {
    const [owner, co] = await Promise.all([signUp(s), signUp(s)]);
    const first = await createClass(s, owner, { name: 'Year 2 Birch' });
    await createClass(s, owner, { name: 'Art club' });
    const res = await remove(owner, owner.id, { currentPassword: owner.password });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      '@type': 'hydra:Error',
      'hydra:description': 'You still own these classes: Art club, Year 2 Birch. Hand them over or delete them first.',
      classes: [{ name: 'Art club' }, { '@id': `${API}/teaching-class/${first.id}`, id: first.id, name: 'Year 2 Birch' }],
    });
    expect(await exists(owner.id)).toBe(true);
    // Handed over (the new owner must be a co-teacher) and deleted: then the account goes.
    await s.ctx.db.execute(sql`insert into teaching_class_teacher (teaching_class_id, teacher_id) values (${first.id}, ${co.id})`);
    expect(
      (await s.api('PATCH', `${API}/teaching-class/${first.id}`, { token: owner.token, body: { creator: `${API}/user/${co.id}` } }))
        .statusCode,
    ).toBe(200);
    const owned = (await s.api('GET', `${API}/teaching-classes`, { token: owner.token })).json();
    const art = owned['hydra:member'].find((c: { name: string }) => c.name === 'Art club');
    expect((await s.api('DELETE', `${API}/teaching-class/${art.id}`, { token: owner.token })).statusCode).toBe(204);
    expect((await remove(owner, owner.id, { currentPassword: owner.password })).statusCode).toBe(204);
    expect(await exists(owner.id)).toBe(false);
    // The class handed over stays with its new owner; the former owner's co-teacher row went with the account.
    expect((await s.api('GET', `${API}/teaching-class/${first.id}`, { token: co.token })).statusCode).toBe(200);
  });

  it('ends every session at once: the access token answers 401, the refresh token and the password too', async () => {
    const u = await signUp(s, { accountTypeRadio: 'parent_user' });
    expect((await s.api('GET', `${API}/user/${u.id}`, { token: u.token })).statusCode).toBe(200);
    expect((await remove(u, u.id, { currentPassword: u.password })).statusCode).toBe(204);
    expect((await s.api('GET', `${API}/user/${u.id}`, { token: u.token })).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/notifications`, { token: u.token })).statusCode).toBe(401);
    expect((await remove(u, u.id, { currentPassword: u.password })).statusCode).toBe(401);
    expect((await s.api('POST', '/api/public/v1/token_refresh', { body: { refresh_token: u.refresh } })).statusCode).toBe(401);
    expect((await s.api('POST', '/api/public/v1/login_check', { body: { username: u.username, password: u.password } })).statusCode).toBe(
      401,
    );
  });
});
