import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles, createClass, linkUser } from '../../../test/classes';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let third: { '@id': string; id: number; invitationCode: string };
const PUBLIC_URL = 'https://school.example.org';

beforeAll(async () => {
  s = await startTestServer({ PUBLIC_URL });
  w = await classWithRoles(s);
  third = await addStudent(s, w.creator, w.cls.id, { firstName: 'Chen', lastName: 'Li' });
});
afterAll(() => s.close());

const letters = (id: number, token: string, query = '') => s.api('GET', `${API}/family-letters/class/${id}${query}`, { token });
const patch = (id: number, token: string, body: unknown) => s.api('PATCH', `${API}/teaching-class-student/${id}`, { token, body });

/** The PDF's text as poppler reads it, one string per page. */
function pages(pdf: Buffer): string[] {
  const file = path.join(os.tmpdir(), `letters-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', [file, '-']).toString().split('\f').slice(0, -1);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe('GET /family-letters/class/{id}', () => {
  it("answers a page per student with the name, code, link and steps, in the creator's language by default", async () => {
    const res = await letters(w.cls.id, w.creator.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="family-letters-.+\.pdf"$/);
    const text = pages(res.rawPayload);
    expect(text).toHaveLength(3);
    // In the class list's order: Amara, Bao, Chen.
    const order = [w.first, w.second, third];
    order.forEach((place, i) => {
      const page = text[i]!.replace(/\s+/g, ' ');
      expect(page).toContain(place.invitationCode);
      expect(page).toContain(`${PUBLIC_URL}/web/link?code=${place.invitationCode}&lang=en`);
      expect(page).toContain('How to link your account to');
      expect(page).toContain('Scan the QR code with your phone');
      expect(page).toContain('no school is needed');
      expect(page).toContain('A teacher of the class accepts your request.');
    });
    expect(text[0]).toContain('Follow Amara Okafor on Skillroom');
    expect(text[0]).toContain(w.cls.name);
  });

  it("writes each letter in its place's familyLanguage, and reads it back on the place", async () => {
    expect((await patch(w.first.id, w.creator.token, { familyLanguage: 'es' })).json().familyLanguage).toBe('es');
    expect((await patch(w.second.id, w.coteacher.token, { familyLanguage: 'zh-HK' })).json().familyLanguage).toBe('zh-HK');
    const text = pages((await letters(w.cls.id, w.coteacher.token)).rawPayload).map((p) => p.replace(/\s+/g, ' '));
    expect(text[0]).toContain('Sigue a Amara Okafor en Skillroom');
    expect(text[0]).toContain('Escanea el código QR');
    expect(text[0]).toContain(w.first.invitationCode);
    // The link opens the page in the letter's language (issue 36 §6).
    expect(text[0]).toContain(`?code=${w.first.invitationCode}&lang=es`);
    expect(text[1]).toContain(`?code=${w.second.invitationCode}&lang=zh-HK`);
    expect(text[1]).toContain('用手機相機掃描二維碼');
    expect(text[1]).toContain('無須填寫學校');
    expect(text[1]).toContain(w.second.invitationCode);
    expect(text[2]).toContain('Scan the QR code');
    // Back to the creator's language.
    expect((await patch(w.first.id, w.creator.token, { familyLanguage: null })).json().familyLanguage).toBeNull();
    const read = await s.api('GET', `${API}/teaching-class-student/${w.second.id}`, { token: w.evaluator.token });
    expect(read.json().familyLanguage).toBe('zh-HK');
  });

  it("follows the creator's preferred language when the place has none", async () => {
    const teacher = await signUp(s, { preferredLanguage: 'es' });
    const cls = await createClass(s, teacher, { name: 'Clase 3B' });
    const place = await addStudent(s, teacher, cls.id, { firstName: 'Zoë', lastName: 'Ruiz' });
    const text = pages((await letters(cls.id, teacher.token)).rawPayload);
    expect(text).toHaveLength(1);
    expect(text[0]).toContain('Sigue a Zoë Ruiz en Skillroom');
    const defaults = await s.api('GET', `${API}/family-letters/class/${cls.id}/defaults`, { token: teacher.token });
    expect(defaults.json()).toEqual({ '@type': 'FamilyLetterDefaults', language: 'es', familyLanguages: [] });
    expect(text[0]).toContain(place.invitationCode);
  });

  it("prints a place with no language of its own in its linked family's, here or from another class (issue 36 §5)", async () => {
    const teacher = await signUp(s);
    const cls = await createClass(s, teacher, { name: 'Class 4A' });
    const ana = await addStudent(s, teacher, cls.id, { firstName: 'Ana', lastName: 'Ito' });
    const cara = await addStudent(s, teacher, cls.id, { firstName: 'Cara', lastName: 'Ito' });
    await linkUser(s, ana, await signUp(s, { accountTypeRadio: 'parent_user', preferredLanguage: 'zh-HK' }));
    // Ben's family linked in last year's class; Ben was copied here from it.
    const before = await createClass(s, teacher, { name: 'Class 3A' });
    const old = await addStudent(s, teacher, before.id, { firstName: 'Ben', lastName: 'Ito' });
    const moved = await s.api('POST', `${API}/teaching-class-student/copy`, {
      token: teacher.token,
      body: { teachingClass: cls['@id'], teachingClassStudents: [old['@id']] },
    });
    const benHere = moved.json()['hydra:member'][0];
    await linkUser(s, old, await signUp(s, { accountTypeRadio: 'parent_user', preferredLanguage: 'es' }));
    const defaults = (await s.api('GET', `${API}/family-letters/class/${cls.id}/defaults`, { token: teacher.token })).json();
    expect(defaults.language).toBe('en');
    expect(defaults.familyLanguages).toEqual(
      expect.arrayContaining([
        { teachingClassStudent: ana.id, language: 'zh-HK' },
        { teachingClassStudent: benHere.id, language: 'es' },
      ]),
    );
    expect(defaults.familyLanguages).toHaveLength(2);
    const text = pages((await letters(cls.id, teacher.token)).rawPayload).map((p) => p.replace(/\s+/g, ' '));
    expect(text.find((p) => p.includes(ana.invitationCode))).toContain('用手機相機掃描二維碼');
    expect(text.find((p) => p.includes(benHere.invitationCode))).toContain('Escanea el código QR');
    expect(text.find((p) => p.includes(cara.invitationCode))).toContain('Scan the QR code');
    // The teacher's choice comes first.
    await patch(ana.id, teacher.token, { familyLanguage: 'es' });
    const again = pages((await letters(cls.id, teacher.token)).rawPayload).map((p) => p.replace(/\s+/g, ' '));
    expect(again.find((p) => p.includes(ana.invitationCode))).toContain('Escanea el código QR');
  });

  it('prints only the places named, in either spelling; a place of another class is a 400', async () => {
    const one = await letters(w.cls.id, w.creator.token, `?teachingClassStudent[]=${third.id}`);
    expect(one.statusCode).toBe(200);
    expect(pages(one.rawPayload)).toHaveLength(1);
    const two = await letters(w.cls.id, w.creator.token, `?teaching_class_student[]=${third.id}&teaching_class_student[]=${w.first.id}`);
    expect(pages(two.rawPayload)).toHaveLength(2);
    const other = await createClass(s, w.creator);
    const elsewhere = await addStudent(s, w.creator, other.id);
    const bad = await letters(w.cls.id, w.creator.token, `?teachingClassStudent[]=${elsewhere.id}`);
    expect(bad.statusCode).toBe(400);
    const message = 'This teaching class student is not in this class.';
    expect(bad.json().violations).toEqual([{ propertyPath: 'teachingClassStudent', message }]);
    expect((await letters(w.cls.id, w.creator.token, '?teachingClassStudent[]=abc')).statusCode).toBe(400);
    expect((await letters(w.cls.id, w.creator.token, '?page=1')).statusCode).toBe(400);
  });

  it("is for the class's teachers: evaluator 403; a parent, another teacher and an unknown class 404", async () => {
    expect((await letters(w.cls.id, w.coteacher.token)).statusCode).toBe(200);
    const defaults = (token: string) => s.api('GET', `${API}/family-letters/class/${w.cls.id}/defaults`, { token });
    expect((await defaults(w.coteacher.token)).json().language).toBe('en');
    expect((await defaults(w.evaluator.token)).statusCode).toBe(403);
    expect((await defaults(w.linked.token)).statusCode).toBe(404);
    expect((await defaults(w.stranger.token)).statusCode).toBe(404);
    const evaluator = await letters(w.cls.id, w.evaluator.token);
    expect(evaluator.statusCode).toBe(403);
    expect(evaluator.json()['hydra:description']).toBe('You are not authorized to print the family letters of this class.');
    expect((await letters(w.cls.id, w.linked.token)).statusCode).toBe(404);
    expect((await letters(w.cls.id, w.stranger.token)).statusCode).toBe(404);
    expect((await letters(999999, w.creator.token)).statusCode).toBe(404);
    const theirs = await createClass(s, w.stranger);
    expect((await letters(theirs.id, w.creator.token)).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/family-letters/class/${w.cls.id}`)).statusCode).toBe(401);
  });

  it('answers one page saying so for a class without students', async () => {
    const cls = await createClass(s, w.creator, { name: 'Empty room' });
    const text = pages((await letters(cls.id, w.creator.token)).rawPayload);
    expect(text).toEqual([expect.stringContaining('The class Empty room has no students yet.')]);
  });
});

describe('familyLanguage on a place', () => {
  it('is one of en, zh-HK, es or null; anything else is a 400 that changes nothing', async () => {
    for (const bad of ['fr', 'EN', 'zh', 3, true, {}]) {
      const res = await patch(third.id, w.creator.token, { familyLanguage: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().violations[0].propertyPath).toBe('familyLanguage');
    }
    const read = await s.api('GET', `${API}/teaching-class-student/${third.id}`, { token: w.creator.token });
    expect(read.json().familyLanguage).toBeNull();
    expect((await patch(third.id, w.evaluator.token, { familyLanguage: 'es' })).statusCode).toBe(403);
    expect((await patch(third.id, w.linked.token, { familyLanguage: 'es' })).statusCode).toBe(404);
  });

  it('is set when a student is added, and copied with the place into another class', async () => {
    const res = await s.api('POST', `${API}/teaching-class-student`, {
      token: w.creator.token,
      body: { teachingClass: w.cls['@id'], firstName: 'Dara', familyLanguage: 'es' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().familyLanguage).toBe('es');
    const next = await createClass(s, w.creator);
    const copy = await s.api('POST', `${API}/teaching-class-student/copy`, {
      token: w.creator.token,
      body: { teachingClass: next['@id'], teachingClassStudents: [res.json()['@id']] },
    });
    expect(copy.json()['hydra:member'][0].familyLanguage).toBe('es');
  });
});

describe('a family signs up', () => {
  it('without a school for parent, other and student accounts', async () => {
    for (const accountTypeRadio of ['parent_user', 'other_user', 'student_user']) {
      const u = await signUp(s, { accountTypeRadio, school: null });
      expect(u.user.school).toBeNull();
    }
  });
});
