import { count } from 'drizzle-orm';
import { CLASS_MESSAGES, MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, teachingClasses, teachingClassStudents } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classBody, classRow, classWithRoles, createClass, makeMedia, makeSubscription, type TestUser } from '../../../test/classes';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const classCount = async () => (await s.ctx.db.select({ n: count() }).from(teachingClasses))[0]!.n;
const get = (u: TestUser, id: number) => s.api('GET', `${API}/teaching-class/${id}`, { token: u.token });

describe('POST /teaching-class', () => {
  it('creates a class with references as IRI, number or object, and answers 201 with the detail', async () => {
    const t = await signUp(s, { schoolName: 'Brookfield Primary' });
    const sub = await makeSubscription(s, { teachers: [t] });
    const own = await makeMedia(s, MediaType.TeachingClassAvatar, t.id);
    const schoolId = (t.user.school as { id: number }).id;
    const res = await s.api('POST', `${API}/teaching-class`, {
      token: t.token,
      body: classBody({ school: `${API}/school/${schoolId}`, avatar: own.id, educationLevel: { '@id': `${API}/education-level/2` }, subscription: { id: sub.id } }),
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({ name: 'Year 4 Maple', year: 2026, start: '2026-09-01', end: '2027-07-15', grade: '4', term: 'Autumn', isFinished: false, isIndividual: false, userType: 0, numTeachers: 1, numStudents: 0, teachers: [], teachingClassStudents: [] });
    expect(c.school).toMatchObject({ '@id': `${API}/school/${schoolId}`, name: 'Brookfield Primary' });
    expect(c.avatar).toMatchObject({ id: own.id, mediaType: 31, url: expect.stringMatching(/^\/media\/\d+\?exp=\d+&sig=/) });
    expect(c.educationLevel).toMatchObject({ id: 2, translationKey: 'education_level.primary' });
    expect(c.subscription).toMatchObject({ id: sub.id, userRoles: ['teacher'] });
    expect(c.invitationCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  it('accepts a predefined class avatar, a null subscription and a year as text', async () => {
    const t = await signUp(s);
    const predefined = await makeMedia(s, MediaType.TeachingClassAvatar, null);
    const res = await s.api('POST', `${API}/teaching-class`, { token: t.token, body: classBody({ avatar: `${API}/media/${predefined.id}`, subscription: null, year: '2027', grade: null }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ year: 2027, subscription: null, grade: null, avatar: { id: predefined.id } });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name'],
    ['a blank name', { name: '  ' }, 'name'],
    ['a name of the wrong type', { name: 42 }, 'name'],
    ['a year that is not one', { year: 'soon' }, 'year'],
    ['a missing start', { start: undefined }, 'start'],
    ['a malformed start', { start: '2026-13-45' }, 'start'],
    ['an end before the start', { start: '2026-09-01', end: '2026-08-31' }, 'end'],
    ['an unknown school', { school: `${API}/school/999999` }, 'school'],
    ['a reference that is not one', { school: 'nonsense' }, 'school'],
    ['an unknown education level', { educationLevel: 999 }, 'educationLevel'],
    ['an unknown avatar', { avatar: 999999 }, 'avatar'],
    ['isIndividual of the wrong type', { isIndividual: 'yes' }, 'isIndividual'],
    ['an individual class without a subscription', { isIndividual: true }, 'isIndividual'],
    ['an unknown subscription', { subscription: 999999 }, 'subscription'],
    ['a field the API does not take', { colour: 'red' }, ''],
  ])('answers 400 for %s and writes nothing', async (_label, patch, path) => {
    const t = await signUp(s);
    const before = await classCount();
    const res = await s.api('POST', `${API}/teaching-class`, { token: t.token, body: classBody(patch) });
    expect(res.statusCode).toBe(400);
    expect(res.json()['@type']).toBe('ConstraintViolationList');
    expect(res.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(path);
    expect(await classCount()).toBe(before);
  });

  it('names the end date when the end is before the start (the form shows it there)', async () => {
    const t = await signUp(s);
    const res = await s.api('POST', `${API}/teaching-class`, { token: t.token, body: classBody({ start: '2026-09-01', end: '2026-01-01' }) });
    expect(res.json().violations).toEqual([{ propertyPath: 'end', message: 'The end date must not be before the start date.' }]);
  });

  it("refuses someone else's avatar upload, a user avatar, and a subscription the user does not teach in", async () => {
    const [t, other] = await Promise.all([signUp(s), signUp(s)]);
    const theirs = await makeMedia(s, MediaType.TeachingClassAvatar, other.id);
    const wrongType = await makeMedia(s, MediaType.UserAvatar, t.id);
    const evaluated = await makeSubscription(s, { evaluators: [t] });
    const foreign = await makeSubscription(s, { teachers: [other] });
    for (const [patch, path] of [
      [{ avatar: theirs.id }, 'avatar'],
      [{ avatar: wrongType.id }, 'avatar'],
      [{ subscription: evaluated.id }, 'subscription'],
      [{ subscription: foreign.id }, 'subscription'],
    ] as const) {
      const res = await s.api('POST', `${API}/teaching-class`, { token: t.token, body: classBody(patch) });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().violations[0].propertyPath).toBe(path);
    }
  });

  it('answers 400 for a body that is not JSON and 401 without a token', async () => {
    const t = await signUp(s);
    const bad = await s.app.inject({ method: 'POST', url: `${API}/teaching-class`, headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/ld+json' }, payload: '{"name":' });
    expect(bad.statusCode).toBe(400);
    expect((await s.api('POST', `${API}/teaching-class`, { body: classBody() })).statusCode).toBe(401);
  });

  it.each(['parent_user', 'student_user', 'other_user'] as const)('refuses a %s account with 403, and creates nothing', async (accountTypeRadio) => {
    const u = await signUp(s, { accountTypeRadio, occupation: 'Coach' });
    const res = await s.api('POST', `${API}/teaching-class`, { token: u.token, body: classBody() });
    expect(res.statusCode).toBe(403);
    expect(res.json()['hydra:description']).toBe(CLASS_MESSAGES.teachersOnly);
    expect((await s.api('GET', `${API}/teaching-classes`, { token: u.token })).json()['hydra:totalItems']).toBe(0);
  });
});

describe('individual classes', () => {
  it('need a subscription that allows them, and hold one student only', async () => {
    const t = await signUp(s);
    const plain = await makeSubscription(s, { teachers: [t] });
    const allows = await makeSubscription(s, { teachers: [t], canCreateIndividual: true });
    const refused = await s.api('POST', `${API}/teaching-class`, { token: t.token, body: classBody({ isIndividual: true, subscription: plain.id }) });
    expect(refused.json().violations[0]).toEqual({ propertyPath: 'isIndividual', message: 'An individual class needs a subscription that allows individual classes.' });
    const cls = await createClass(s, t, { isIndividual: true, subscription: allows.id });
    expect(cls.isIndividual).toBe(true);
    await addStudent(s, t, cls.id);
    const second = await s.api('POST', `${API}/teaching-class-student`, { token: t.token, body: { teachingClass: cls.id, firstName: 'Second' } });
    expect(second.statusCode).toBe(400);
    expect(second.json().violations[0]).toEqual({ propertyPath: 'teachingClass', message: 'An individual class holds one student only.' });
    expect((await get(t, cls.id)).json().numStudents).toBe(1);
  });

  it('cannot be made of a class with several students, nor lose its subscription', async () => {
    const t = await signUp(s);
    const allows = await makeSubscription(s, { teachers: [t], canCreateIndividual: true });
    const group = await createClass(s, t, { subscription: allows.id });
    await addStudent(s, t, group.id);
    await addStudent(s, t, group.id, { firstName: 'Bea' });
    const res = await s.api('PATCH', `${API}/teaching-class/${group.id}`, { token: t.token, body: { isIndividual: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().violations[0].propertyPath).toBe('isIndividual');
    expect((await classRow(s, group.id))!.isIndividual).toBe(false);
    const single = await createClass(s, t, { subscription: allows.id, isIndividual: true });
    const dropped = await s.api('PATCH', `${API}/teaching-class/${single.id}`, { token: t.token, body: { subscription: null } });
    expect(dropped.statusCode).toBe(400);
    expect((await classRow(s, single.id))!.subscriptionId).toBe(allows.id);
  });
});

describe('PATCH /teaching-class/{id}', () => {
  it.each([
    ['coteacher', 403],
    ['evaluator', 403],
    ['linked', 404],
    ['stranger', 404],
  ] as const)('answers %s with %i and changes nothing', async (role, status) => {
    const w = await classWithRoles(s);
    const res = await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w[role].token, body: { name: 'Taken over', isFinished: true } });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json()['hydra:description']).toBe('You are not authorized to manage this teaching class student.');
    expect(await classRow(s, w.cls.id)).toMatchObject({ name: 'Year 4 Maple', isFinished: false });
    expect((await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { body: { name: 'x' } })).statusCode).toBe(401);
  });

  it('changes the fields sent, keeps the others, and checks dates against the stored ones', async () => {
    const t = await signUp(s);
    const c = await createClass(s, t);
    const res = await s.api('PATCH', `${API}/teaching-class/${c.id}`, { token: t.token, body: { name: 'Year 4 Oak', term: null, educationLevel: 3 }, headers: { 'content-type': 'application/merge-patch+json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Year 4 Oak', term: null, grade: '4', start: '2026-09-01', educationLevel: { id: 3 } });
    const early = await s.api('PATCH', `${API}/teaching-class/${c.id}`, { token: t.token, body: { end: '2026-08-01' } });
    expect(early.json().violations).toEqual([{ propertyPath: 'end', message: 'The end date must not be before the start date.' }]);
    const late = await s.api('PATCH', `${API}/teaching-class/${c.id}`, { token: t.token, body: { start: '2028-01-01' } });
    expect(late.json().violations[0].propertyPath).toBe('end');
    expect((await classRow(s, c.id))!.end).toBe('2027-07-15');
    expect((await s.api('PATCH', `${API}/teaching-class/${c.id}`, { token: t.token, body: { isFinished: 'yes' } })).statusCode).toBe(400);
  });

  it('finishes and reopens a class', async () => {
    const t = await signUp(s);
    const c = await createClass(s, t);
    expect((await s.api('PATCH', `${API}/teaching-class/${c.id}`, { token: t.token, body: { isFinished: true } })).json().isFinished).toBe(true);
    const finished = (await s.api('GET', `${API}/teaching-classes?isFinished=1`, { token: t.token })).json();
    expect(finished['hydra:member'].map((m: { id: number }) => m.id)).toEqual([c.id]);
    expect((await s.api('PATCH', `${API}/teaching-class/${c.id}`, { token: t.token, body: { isFinished: false } })).json().isFinished).toBe(false);
    expect((await s.api('GET', `${API}/teaching-classes?isFinished=1`, { token: t.token })).json()['hydra:totalItems']).toBe(0);
  });

  it('hands the class to a co-teacher; the old owner becomes a co-teacher', async () => {
    const w = await classWithRoles(s);
    const res = await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { creator: `${API}/user/${w.coteacher.id}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userType: 1, creator: { id: w.coteacher.id }, numTeachers: 2, teachers: [{ id: w.creator.id }] });
    expect((await get(w.coteacher, w.cls.id)).json().userType).toBe(0);
    // Now only the new owner manages the class.
    expect((await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { isFinished: true } })).statusCode).toBe(403);
    expect((await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.coteacher.token, body: { isFinished: true } })).statusCode).toBe(200);
  });

  it('refuses an owner who is not a co-teacher, with a violation and nothing changed', async () => {
    const w = await classWithRoles(s);
    for (const creator of [w.stranger.id, w.evaluator.id, 999999]) {
      const res = await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { creator, name: 'Renamed' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().violations).toEqual([{ propertyPath: 'creator', message: 'The new owner must be a co-teacher of this class.' }]);
    }
    const c = (await get(w.creator, w.cls.id)).json();
    expect(c).toMatchObject({ name: 'Year 4 Maple', userType: 0, teachers: [{ id: w.coteacher.id }] });
  });
});

describe('DELETE /teaching-class/{id} and a new invitation code', () => {
  it.each([
    ['coteacher', 403],
    ['evaluator', 403],
    ['linked', 404],
    ['stranger', 404],
  ] as const)('refuses %s with %i', async (role, status) => {
    const w = await classWithRoles(s);
    expect((await s.api('DELETE', `${API}/teaching-class/${w.cls.id}`, { token: w[role].token })).statusCode).toBe(status);
    expect((await s.api('POST', `${API}/teaching-class/${w.cls.id}/invitation-code`, { token: w[role].token })).statusCode).toBe(status);
    expect((await classRow(s, w.cls.id))!.invitationCode).toBe(w.cls.invitationCode);
  });

  it('lets the creator regenerate the code: the old one finds nothing', async () => {
    const w = await classWithRoles(s);
    const res = await s.api('POST', `${API}/teaching-class/${w.cls.id}/invitation-code`, { token: w.creator.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().invitationCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(res.json().invitationCode).not.toBe(w.cls.invitationCode);
    expect((await s.api('GET', `${API}/teaching-classes?invitationCode=${w.cls.invitationCode}`, { token: w.stranger.token })).json()['hydra:totalItems']).toBe(0);
  });

  it('lets the creator delete the class with its places; students in no other class go too', async () => {
    const w = await classWithRoles(s);
    const other = await createClass(s, w.creator);
    await s.api('POST', `${API}/teaching-class-student/copy`, { token: w.creator.token, body: { teachingClass: other.id, teachingClassStudents: [w.first.id] } });
    expect((await s.api('DELETE', `${API}/teaching-class/${w.cls.id}`)).statusCode).toBe(401);
    expect((await s.api('DELETE', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token })).statusCode).toBe(204);
    expect((await get(w.creator, w.cls.id)).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/teaching-class-student/${w.second.id}`, { token: w.creator.token })).statusCode).toBe(404);
    const ids = (await s.ctx.db.select({ id: students.id }).from(students)).map((r) => r.id);
    expect(ids).toContain(Number(w.first.student.split('/').pop()));
    expect(ids).not.toContain(Number(w.second.student.split('/').pop()));
    const places = await s.ctx.db.select().from(teachingClassStudents);
    expect(places.some((p) => p.teachingClassId === w.cls.id)).toBe(false);
  });
});
