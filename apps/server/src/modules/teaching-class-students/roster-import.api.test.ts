import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles, createClass, makeSubscription } from '../../../test/classes';
import { importText, placeCount, studentCount } from '../../../test/roster';
import { studentsRepository } from '../students/students.repository';
import { teachingClassStudentsRepository } from './teaching-class-students.repository';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
afterEach(() => vi.restoreAllMocks());

const list = (n: number, prefix = 'Pupil') =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}\tSurname${i}\tC-${prefix}-${i}`).join('\n');

describe('POST /teaching-class-student/import: who may import', () => {
  it('lets the creator and a co-teacher import; an evaluator gets 403, a parent and a stranger 404', async () => {
    const w = await classWithRoles(s);
    for (const [role, status] of [
      ['creator', 201],
      ['coteacher', 201],
      ['evaluator', 403],
      ['linked', 404],
      ['stranger', 404],
    ] as const) {
      const res = await importText(s, w[role].token, w.cls.id, `${role} Person`);
      expect(res.statusCode, role).toBe(status);
    }
    expect(await placeCount(s, w.cls.id)).toBe(4);
    // A dry run is refused alike: nothing about the class is read out to someone who may not change it.
    expect((await importText(s, w.evaluator.token, w.cls.id, 'Ana', true)).statusCode).toBe(403);
    expect((await importText(s, w.stranger.token, w.cls.id, 'Ana', true)).statusCode).toBe(404);
    expect(
      (await s.api('POST', `${API}/teaching-class-student/import`, { body: { teachingClass: w.cls.id, text: 'Ana' } })).statusCode,
    ).toBe(401);
  });

  it('refuses a finished class with 409 and writes nothing', async () => {
    const t = await signUp(s);
    const c = await createClass(s, t);
    await s.api('PATCH', `${API}/teaching-class/${c.id}`, { token: t.token, body: { isFinished: true } });
    const res = await importText(s, t.token, `${API}/teaching-class/${c.id}`, 'Ana Lopez');
    expect(res.statusCode).toBe(409);
    expect(await placeCount(s, c.id)).toBe(0);
  });
});

describe('POST /teaching-class-student/import: rows and statuses', () => {
  it('answers a dry run with every status, the values read and the line, and writes nothing', async () => {
    const t = await signUp(s);
    const other = await createClass(s, t);
    const known = await addStudent(s, t, other.id, { firstName: 'Kofi', lastName: 'Mensah', code: 'K-1' });
    const c = await createClass(s, t);
    await addStudent(s, t, c.id, { firstName: 'Lena', lastName: 'Petrova', code: 'L-1' });
    const text = [
      'First name\tLast name\tCode',
      'Ana\tLopez\t',
      'kofi\tMensah\tk-1',
      'Lena\tP.\tL-1',
      'Ana\tLopez\t',
      '\tNoFirst\tX',
      'Zed\t\tA-1',
    ].join('\n');
    const before = await studentCount(s);
    const res = await importText(s, t.token, c.id, text, true);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.dryRun).toBe(true);
    expect(body.rows).toEqual([
      { line: 2, status: 'new', firstName: 'Ana', lastName: 'Lopez', code: null },
      { line: 3, status: 'existing', firstName: 'kofi', lastName: 'Mensah', code: 'k-1', student: known.student },
      expect.objectContaining({ line: 4, status: 'duplicate', reason: 'inClass', message: 'This student is already in this class.' }),
      expect.objectContaining({ line: 5, status: 'duplicate', reason: 'repeated' }),
      expect.objectContaining({ line: 6, status: 'invalid', reason: 'firstNameBlank', lastName: 'NoFirst' }),
      { line: 7, status: 'new', firstName: 'Zed', lastName: null, code: 'A-1' },
    ]);
    expect(body.summary).toEqual({ new: 2, existing: 1, duplicate: 2, invalid: 1, ignored: 0 });
    expect(await placeCount(s, c.id)).toBe(1);
    expect(await studentCount(s)).toBe(before);
  });

  it('adds new and existing rows in one step (201, a Hydra collection of the places), re-using the existing Student', async () => {
    const t = await signUp(s);
    const other = await createClass(s, t);
    const known = await addStudent(s, t, other.id, { firstName: 'Kofi', lastName: 'Mensah', code: 'K-1' });
    const c = await createClass(s, t);
    const before = await studentCount(s);
    const res = await importText(s, t.token, c.id, 'Mensah, Kofi\nAna Maria Lopez\n\nAna Maria Lopez\nWang, Mei', false);
    // Without a header, a line is a full name: "Last, First" or "First Middle Last".
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body['@type']).toBe('hydra:Collection');
    expect(body['hydra:totalItems']).toBe(3);
    expect(body.summary).toMatchObject({ new: 3, existing: 0, duplicate: 1 });
    const [a, b, d] = body['hydra:member'];
    expect(a).toMatchObject({ firstName: 'Kofi', lastName: 'Mensah', code: null });
    expect(b).toMatchObject({ firstName: 'Ana Maria', lastName: 'Lopez', teachingClass: `${API}/teaching-class/${c.id}` });
    expect(d).toMatchObject({ firstName: 'Mei', lastName: 'Wang' });
    expect(b.invitationCode).toMatch(/^[0-9A-Z]{8}$/);
    expect(body.rows.find((r: { line: number }) => r.line === 2).teachingClassStudent).toBe(b['@id']);
    expect(await studentCount(s)).toBe(before + 3);

    const c2 = await createClass(s, t);
    const withCode = await importText(s, t.token, c2.id, 'Given Name\tFamily Name\tCode\nKofi\tMensah\tK-1');
    expect(withCode.statusCode).toBe(201);
    expect(withCode.json()['hydra:member'][0]).toMatchObject({ firstName: 'Kofi', code: 'K-1', student: known.student });
    expect(withCode.json().rows[0].status).toBe('existing');
    expect(await studentCount(s)).toBe(before + 3);
  });

  it('matches codes only of Students the teacher can see, and calls a code that names several ambiguous', async () => {
    const [t, other] = await Promise.all([signUp(s), signUp(s)]);
    const theirs = await createClass(s, other);
    await addStudent(s, other, theirs.id, { firstName: 'Hidden', code: 'H-9' });
    const mine = await createClass(s, t);
    const a = await createClass(s, t);
    await addStudent(s, t, a.id, { firstName: 'One', code: 'TWIN' });
    await addStudent(s, t, a.id, { firstName: 'Two', code: 'twin' });
    const rows = (await importText(s, t.token, mine.id, 'Name\tCode\nSam Hidden\tH-9\nTwo\ttwin', true)).json().rows;
    expect(rows[0]).toMatchObject({ status: 'new', code: 'H-9' });
    expect(rows[1]).toMatchObject({ status: 'invalid', reason: 'codeAmbiguous' });
  });

  it('marks names over the field limits invalid with the reason', async () => {
    const t = await signUp(s);
    const c = await createClass(s, t);
    const lines = [
      `${'A'.repeat(101)}\tB`,
      `Ok\t${'L'.repeat(101)}`,
      `Fine\tName\t${'9'.repeat(51)}`,
      `${'A'.repeat(100)}\t${'L'.repeat(100)}`,
    ];
    const text = lines.join('\n');
    const rows = (await importText(s, t.token, c.id, text, true)).json().rows;
    expect(rows.map((r: { reason?: string }) => r.reason)).toEqual(['firstNameTooLong', 'lastNameTooLong', 'codeTooLong', undefined]);
    expect(rows[0].message).toBe('The first name is longer than 100 characters.');
  });

  it('answers 400 when no row can be added, and keeps an individual class to one student', async () => {
    const t = await signUp(s);
    const c = await createClass(s, t);
    await addStudent(s, t, c.id, { firstName: 'Ana', lastName: 'Lopez' });
    const none = await importText(s, t.token, c.id, 'Ana Lopez');
    expect(none.statusCode).toBe(400);
    expect(none.json().violations[0]).toEqual({ propertyPath: 'rows', message: 'No student in this list can be added.' });
    const sub = await makeSubscription(s, { teachers: [t], canCreateIndividual: true });
    const single = await createClass(s, t, { isIndividual: true, subscription: sub.id });
    const two = await importText(s, t.token, single.id, 'Ana Lopez\nBo Chen');
    expect(two.statusCode).toBe(400);
    expect(two.json().violations[0].message).toBe('An individual class holds one student only.');
    expect(await placeCount(s, single.id)).toBe(0);
    expect((await importText(s, t.token, single.id, 'Bo Chen')).statusCode).toBe(201);
  });
});

describe('POST /teaching-class-student/import: all or nothing', () => {
  it('writes nothing when an insert fails midway (the Students made before it are rolled back)', async () => {
    const t = await signUp(s);
    const c = await createClass(s, t);
    const before = await studentCount(s);
    const made = vi.spyOn(studentsRepository, 'insertMany');
    vi.spyOn(teachingClassStudentsRepository, 'insertMany').mockRejectedValueOnce(new Error('disk full'));
    const res = await importText(s, t.token, c.id, list(40));
    expect(res.statusCode).toBe(500);
    expect(made).toHaveBeenCalledOnce();
    expect(await placeCount(s, c.id)).toBe(0);
    expect(await studentCount(s)).toBe(before);
    // The same list goes in whole once the failure is gone.
    expect((await importText(s, t.token, c.id, list(40))).json()['hydra:totalItems']).toBe(40);
    expect(await studentCount(s)).toBe(before + 40);
  });

  it('imports 1,000 rows (the limit) in one request', async () => {
    const t = await signUp(s);
    const c = await createClass(s, t);
    const res = await importText(s, t.token, c.id, list(1000, 'Big'));
    expect(res.statusCode).toBe(201);
    expect(res.json()['hydra:totalItems']).toBe(1000);
    expect(new Set(res.json()['hydra:member'].map((m: { invitationCode: string }) => m.invitationCode)).size).toBe(1000);
    expect(await placeCount(s, c.id)).toBe(1000);
  });
});
