import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCoTeacher, createClass } from '../../../test/classes';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const base = { plainPassword: 'long enough secret', firstName: 'Ana', lastName: 'Ruiz', accountTypeRadio: 'teacher', preferredLanguage: 'en' };

describe('sign-up', () => {
  it('creates the user and answers 201 with the profile, never a password hash', async () => {
    const res = await s.api('POST', '/api/public/v1/user', { body: { ...base, username: 'ana.ruiz', email: 'ana@example.org', phone: '+34 600 000 000' } });
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({ '@type': 'Teacher', '@id': `/api/auth/v1/user/${u.id}`, username: 'ana.ruiz', email: 'ana@example.org', firstName: 'Ana', accountType: 'teacher', phone: '+34 600 000 000' });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it.each([
    ['parent_user', 'ParentUser'],
    ['other_user', 'OtherUser'],
    ['student_user', 'StudentUser'],
  ])('marks a %s account with @type %s', async (accountTypeRadio, type) => {
    const u = await signUp(s, { accountTypeRadio });
    expect(u.user['@type']).toBe(type);
  });

  it('keeps occupation only for other_user accounts', async () => {
    const other = await signUp(s, { accountTypeRadio: 'other_user', occupation: 'Librarian' });
    const teacher = await signUp(s, { accountTypeRadio: 'teacher', occupation: 'Librarian' });
    expect(other.user.occupation).toBe('Librarian');
    expect(teacher.user.occupation).toBeNull();
  });

  it('creates or re-uses a school named at sign-up', async () => {
    const a = await signUp(s, { schoolName: 'Hill Valley High' });
    const b = await signUp(s, { schoolName: 'hill valley high' });
    const sa = (a.user as unknown as { school: { id: number } }).school;
    expect(sa.id).toBe((b.user as unknown as { school: { id: number } }).school.id);
    const school = await s.api('GET', `/api/auth/v1/school/${sa.id}`, { token: a.token });
    expect(school.json()).toMatchObject({ name: 'Hill Valley High', numTeachers: 2 });
  });

  it.each([
    ['a taken username', { username: 'taken-name' }, 'username'],
    ['a taken e-mail (any case)', { email: 'TAKEN@example.org' }, 'email'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a password under 8 characters', { plainPassword: 'short' }, 'plainPassword'],
    ['a missing username', { username: undefined }, 'username'],
    ['an unknown account type', { accountTypeRadio: 'admin' }, 'accountTypeRadio'],
    ['an unknown language', { preferredLanguage: 'fr' }, 'preferredLanguage'],
    ['a school that does not exist', { school: '/api/auth/v1/school/999999' }, 'school'],
    ['a blank first name', { firstName: '   ' }, 'firstName'],
  ])('answers 400 with a violation for %s and writes nothing', async (_label, patch, path) => {
    await s.api('POST', '/api/public/v1/user', { body: { ...base, username: 'taken-name', email: 'taken@example.org' } });
    const username = (patch as { username?: string }).username ?? `fresh-${path}`;
    const res = await s.api('POST', '/api/public/v1/user', { body: { ...base, username: `fresh-${path}`, email: `fresh-${path}@example.org`, ...patch } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body['@type']).toBe('ConstraintViolationList');
    expect(body.violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(path);
    if (username !== 'taken-name') {
      const login = await s.api('POST', '/api/public/v1/login_check', { body: { username: `fresh-${path}`, password: base.plainPassword } });
      expect(login.statusCode).toBe(401);
    }
  });
});

describe('GET /user/{id}', () => {
  it('shows the whole profile to its owner and only a public summary to others', async () => {
    const me = await signUp(s, { phone: '123' });
    const other = await signUp(s);
    // Others see a profile only when they work together (users-visibility.api.test.ts): here, one class.
    await addCoTeacher(s, (await createClass(s, me)).id, other);
    const own = (await s.api('GET', `/api/auth/v1/user/${me.id}`, { token: me.token })).json();
    expect(own).toMatchObject({ '@context': '/api/contexts/Teacher', id: me.id, email: expect.any(String), phone: '123', hasSubscription: false });
    const seen = await s.api('GET', `/api/auth/v1/user/${me.id}`, { token: other.token });
    expect(seen.statusCode).toBe(200);
    expect(Object.keys(seen.json()).sort()).toEqual(['@context', '@id', '@type', 'avatar', 'firstName', 'id', 'lastName']);
  });

  it('answers 404 for an unknown user, 400 for a malformed id and 401 without a token', async () => {
    const me = await signUp(s);
    expect((await s.api('GET', '/api/auth/v1/user/999999', { token: me.token })).statusCode).toBe(404);
    expect((await s.api('GET', '/api/auth/v1/user/abc', { token: me.token })).statusCode).toBe(400);
    expect((await s.api('GET', `/api/auth/v1/user/${me.id}`)).statusCode).toBe(401);
  });
});

describe('PATCH /user/{id}', () => {
  it('changes the fields of spec §7 and applies the occupation rule', async () => {
    const me = await signUp(s, { accountTypeRadio: 'other_user', occupation: 'Coach' });
    const res = await s.api('PATCH', `/api/auth/v1/user/${me.id}`, {
      token: me.token,
      body: { firstName: 'Zoe', lastName: 'Ng', phone: '555', preferredLanguage: 'zh-HK', accountTypeRadio: 'parent_user', occupation: 'ignored' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ '@type': 'ParentUser', firstName: 'Zoe', lastName: 'Ng', phone: '555', preferredLanguage: 'zh-HK', occupation: null, accountType: 'parent_user' });
  });

  it('accepts merge-patch+json and a school as a number or an object', async () => {
    const me = await signUp(s, { schoolName: 'Patch School' });
    const schoolId = (me.user as unknown as { school: { id: number } }).school.id;
    for (const school of [schoolId, { '@id': `/api/auth/v1/school/${schoolId}` }, null]) {
      const res = await s.api('PATCH', `/api/auth/v1/user/${me.id}`, { token: me.token, body: { school }, headers: { 'content-type': 'application/merge-patch+json' } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('changes the password', async () => {
    const me = await signUp(s);
    await s.api('PATCH', `/api/auth/v1/user/${me.id}`, { token: me.token, body: { plainPassword: 'the new password', currentPassword: me.password } });
    expect((await s.api('POST', '/api/public/v1/login_check', { body: { username: me.username, password: 'the new password' } })).statusCode).toBe(200);
  });

  it('answers 403 for someone else profile and changes nothing', async () => {
    const me = await signUp(s);
    const other = await signUp(s);
    const res = await s.api('PATCH', `/api/auth/v1/user/${me.id}`, { token: other.token, body: { firstName: 'Hacked' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()['hydra:description']).toBe('You are not authorized to manage this user.');
    expect((await s.api('GET', `/api/auth/v1/user/${me.id}`, { token: me.token })).json().firstName).toBe('Test');
  });

  it.each([
    ['an unknown field', { isAdmin: true }, ''],
    ['a short password', { plainPassword: 'x' }, 'plainPassword'],
    ['an avatar that is not an image of yours', { avatar: '/api/auth/v1/media/999999' }, 'avatar'],
    ['a reference that is not one', { school: 'nonsense' }, 'school'],
    ['a wrong type', { firstName: 42 }, 'firstName'],
  ])('answers 400 for %s', async (_label, body, path) => {
    const me = await signUp(s);
    const res = await s.api('PATCH', `/api/auth/v1/user/${me.id}`, { token: me.token, body });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0].propertyPath).toBe(path);
  });

  it('answers 401 without a token', async () => {
    expect((await s.api('PATCH', '/api/auth/v1/user/1', { body: { firstName: 'X' } })).statusCode).toBe(401);
  });
});
