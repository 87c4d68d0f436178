import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PUBLIC_PREFIX, V } from '@skillroom/contract';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { addStudent, API, classBody, createClass, type TestUser } from '../../../test/classes';
import { changedTables, tableFingerprinter } from '../../../test/db-fingerprint';

let s: TestServer;
let teacher: TestUser;
let cls: { id: number; '@id': string };
let fingerprint: Awaited<ReturnType<typeof tableFingerprinter>>;
beforeAll(async () => {
  s = await startTestServer();
  teacher = await signUp(s);
  cls = await createClass(s, teacher);
  await addStudent(s, teacher, cls.id);
  fingerprint = await tableFingerprinter(s.ctx.db);
});
afterAll(() => s.close());

type Call = [method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown];
const signUpBody = (o: Record<string, unknown>) => ({
  username: 'newperson',
  email: 'new@example.org',
  plainPassword: 'correct horse battery',
  firstName: 'A',
  lastName: 'B',
  accountTypeRadio: 'teacher',
  ...o,
});

/** Sends a call that must be refused with a violation on `path`, and checks that no table changed. */
async function refused([method, url, body]: Call, path: string, message?: string) {
  const before = await fingerprint.take();
  const res = await s.api(method, url, { token: url.startsWith(API) ? teacher.token : undefined, body });
  const label = `${method} ${url} ${JSON.stringify(body)}`;
  expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
  expect(res.headers['content-type'], label).toMatch(/^application\/ld\+json/);
  const v = (res.json() as { violations?: { propertyPath: string; message: string }[] }).violations ?? [];
  expect(
    v.map((x) => x.propertyPath),
    `${label}: ${res.body}`,
  ).toContain(path);
  if (message) expect(v.find((x) => x.propertyPath === path)?.message, label).toBe(message);
  expect(changedTables(before, await fingerprint.take()), label).toEqual([]);
}

describe('the table fingerprint these tests rely on', () => {
  it('sees a row added and a row changed, and nothing when nothing was written', async () => {
    const a = await fingerprint.take();
    expect(changedTables(a, await fingerprint.take())).toEqual([]);
    await s.api('POST', `${API}/school`, { token: teacher.token, body: { name: 'Fingerprint Academy' } });
    const b = await fingerprint.take();
    expect(changedTables(a, b)).toContain('school');
    await s.api('PATCH', `${API}/teaching-class/${cls.id}`, { token: teacher.token, body: { grade: '5' } });
    expect(changedTables(b, await fingerprint.take())).toEqual(['teaching_class']);
  });
});

describe('characters no database stores', () => {
  it.each<[string, () => Call, string]>([
    ['a sign-in name', () => ['POST', `${API_PUBLIC_PREFIX}/login_check`, { username: 'a\u0000b', password: 'x' }], 'username'],
    ['a school search', () => ['GET', `${API_PUBLIC_PREFIX}/schools?name=%00`], 'name'],
    ['a sign-up', () => ['POST', `${API_PUBLIC_PREFIX}/user`, signUpBody({ firstName: 'An\u0000a' })], 'firstName'],
    ['a class name', () => ['POST', `${API}/teaching-class`, classBody({ name: 'Maple\u0000' })], 'name'],
    ['a class change', () => ['PATCH', `${API}/teaching-class/${cls.id}`, { term: '\u0000' }], 'term'],
    ['a student', () => ['POST', `${API}/teaching-class-student`, { teachingClass: cls['@id'], firstName: 'Ana', lastName: 'x\u0000y' }], 'lastName'],
    ['a profile', () => ['PATCH', `${API}/user/${teacher.id}`, { occupation: '\u0000' }], 'occupation'],
    ['a school', () => ['POST', `${API}/school`, { name: 'Maple \u0000 School' }], 'name'],
    ['an event name', () => ['POST', `${API}/analytics-event`, { name: 'view\u0000' }], 'name'],
    ['an event property', () => ['POST', `${API}/analytics-event`, { name: 'view', properties: { a: '\ud800' } }], 'properties.a'],
    ['an event property name', () => ['POST', `${API}/analytics-event`, { name: 'view', properties: { 'a\u0000': 'b' } }], 'properties'],
    ['a low surrogate alone', () => ['POST', `${API}/analytics-event`, { name: 'x\udc00y' }], 'name'],
    ['a query of a list', () => ['GET', `${API}/teaching-classes?invitationCode=ab%00`], 'invitationCode'],
  ])('refuses a NUL or a lone surrogate in %s', async (_label, call, path) => {
    await refused(call(), path, V.character);
  });

  it('keeps characters outside the basic plane (pairs of surrogates)', async () => {
    const res = await s.api('POST', `${API}/school`, { token: teacher.token, body: { name: 'Escuela 🌳 Arce' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Escuela 🌳 Arce');
  });
});

describe('references past the largest id', () => {
  const big = 3000000000;
  it.each<[string, () => Call, string]>([
    ['a sign-up school (number)', () => ['POST', `${API_PUBLIC_PREFIX}/user`, signUpBody({ school: big })], 'school'],
    ['a sign-up school (IRI)', () => ['POST', `${API_PUBLIC_PREFIX}/user`, signUpBody({ school: `${API}/school/${big}` })], 'school'],
    ['a class school', () => ['POST', `${API}/teaching-class`, classBody({ school: big })], 'school'],
    [
      'a class education level',
      () => ['POST', `${API}/teaching-class`, classBody({ educationLevel: { '@id': `${API}/education-level/${big}` } })],
      'educationLevel',
    ],
    ['a class avatar', () => ['POST', `${API}/teaching-class`, classBody({ avatar: { id: big } })], 'avatar'],
    ['a class subscription', () => ['POST', `${API}/teaching-class`, classBody({ subscription: `${API}/subscription/${big}` })], 'subscription'],
    ['a class owner', () => ['PATCH', `${API}/teaching-class/${cls.id}`, { creator: `${API}/user/${big}` }], 'creator'],
    ['a student class', () => ['POST', `${API}/teaching-class-student`, { teachingClass: big, firstName: 'Ana' }], 'teachingClass'],
    [
      'a copy source',
      () => ['POST', `${API}/teaching-class-student/copy`, { teachingClass: cls['@id'], teachingClassStudents: [big] }],
      'teachingClassStudents.0',
    ],
    ['a media list', () => ['GET', `${API}/medias?id[]=${big}`], 'id'],
    ['a class list by subscription', () => ['GET', `${API}/teaching-classes?subscription=${big}`], 'subscription'],
    ['a path id', () => ['GET', `${API}/school/${big}`], 'id'],
  ])('refuses %s', async (_label, call, path) => {
    await refused(call(), path);
  });
});

describe('dates', () => {
  it('refuses a class starting in year 0, on create and on change', async () => {
    await refused(['POST', `${API}/teaching-class`, classBody({ start: '0000-01-01' })], 'start', V.dateRange);
    await refused(['PATCH', `${API}/teaching-class/${cls.id}`, { start: '0000-01-01' }], 'start', V.dateRange);
    await refused(['PATCH', `${API}/teaching-class/${cls.id}`, { end: '275760-09-13' }], 'end', V.date);
  });
});

describe('malformed multipart', () => {
  it.each([
    ['a boundary that never comes', 'multipart/form-data; boundary=zzz', 'garbage'],
    ['no boundary at all', 'multipart/form-data', 'garbage'],
    ['a part cut short', 'multipart/form-data; boundary=zzz', '--zzz\r\nContent-Disposition: form-data; name="mediaType"\r\n\r\n34'],
    ['a boundary too long', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'garbage'],
  ])('answers 400 in Hydra to %s', async (_label, contentType, payload) => {
    const before = await fingerprint.take();
    const res = await s.app.inject({
      method: 'POST',
      url: `${API}/media`,
      headers: { authorization: `Bearer ${teacher.token}`, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(res.json()['@type']).toBe('hydra:Error');
    expect(changedTables(before, await fingerprint.take())).toEqual([]);
  });
});

describe('pages past the end of the numbers', () => {
  it.each(['/api/public/v1/schools', `${API}/teaching-classes`, `${API}/teaching-class-students`, `${API}/students`, `${API}/medias`, `${API}/subscriptions`])(
    'answers %s at the last safe page with an empty page or a violation',
    async (path) => {
      const res = await s.api('GET', `${path}?page=9007199254740991&itemsPerPage=1000`, { token: teacher.token });
      expect([200, 400], res.body).toContain(res.statusCode);
    },
  );
});

describe('bodies built to hurt the parser', () => {
  it('answers a deeply nested body with a 4xx', async () => {
    const payload = `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await s.app.inject({
      method: 'POST',
      url: `${API}/analytics-event`,
      headers: { authorization: `Bearer ${teacher.token}`, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});
