import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { LEARNING_SKILL_MESSAGES, RATING_MESSAGES, type ClassLearningSkill, type Rating, type Report } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, classWithRoles } from '../../../test/classes';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

// DESIGN §14: POST /rating takes the product's own rating model, a skill and no action, counted under the skill.
let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let A: ClassLearningSkill;
let B: ClassLearningSkill;
let unused: ClassLearningSkill;
let whole: Rating;
const SEPT = 'startDate=2026-09-01&endDate=2026-09-30';
const studentId = (place: { student: string }) => Number(place.student.split('/').pop());
const skillBody = (skill: number, o: Record<string, unknown> = {}) => ({
  teachingClass: `${API}/teaching-class/${w.cls.id}`,
  learningSkill: `${API}/learning-skill/${skill}`,
  date: '2026-09-10',
  points: 4,
  description: 'Led the group as a whole.',
  ...o,
});
const post = (body: Record<string, unknown>) => s.api('POST', `${API}/rating`, { token: w.creator.token, body });
const paths = (res: { json: () => { violations?: { propertyPath: string; message: string }[] } }) => res.json().violations ?? [];

beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  const skills = await classSkills(s, w.creator, w.cls.id);
  [A, B] = skills as [ClassLearningSkill, ClassLearningSkill];
  unused = skills.at(-1)!;
  // The class stops using its last skill: a rating of it is refused.
  expect((await s.api('DELETE', unused.teachingClassLearningSkill, { token: w.creator.token })).statusCode).toBe(204);
  await rate(s, w.creator, w.cls.id, A.learningActions[0]!.id, { date: '2026-09-07', points: 2, students: [w.first['@id']] });
  const res = await post(skillBody(B.id, { students: [w.first['@id']] }));
  expect(res.statusCode, res.body).toBe(201);
  whole = res.json();
});
afterAll(() => s.close());

describe('POST /rating with a skill and no action', () => {
  it('answers 201 with the skill and learningAction null', () => {
    expect(whole).toMatchObject({
      '@type': 'Rating',
      learningSkill: { '@id': B['@id'], id: B.id, name: B.name },
      learningAction: null,
      points: 4,
      students: [w.first['@id']],
      isWholeClass: false,
      canEdit: true,
    });
  });

  it.each([
    ['a skill the class does not use', () => skillBody(unused.id), 'learningSkill', RATING_MESSAGES.skillNotInClass],
    ['a skill that does not exist', () => skillBody(999999), 'learningSkill', 'This learning skill does not exist.'],
    [
      'an action of another skill',
      () => skillBody(B.id, { learningAction: A.learningActions[0]!.id }),
      'learningAction',
      RATING_MESSAGES.skillMismatch,
    ],
    ['neither a skill nor an action', () => skillBody(B.id, { learningSkill: undefined }), 'learningSkill', RATING_MESSAGES.actionOrSkill],
    [
      'an action of a skill the class does not use',
      () => ({ ...skillBody(unused.id), learningAction: unused.learningActions[0]!.id }),
      'learningAction',
      LEARNING_SKILL_MESSAGES.notInClass,
    ],
  ] as const)('refuses %s with a violation and writes nothing', async (_, body, at, message) => {
    const before = (await s.api('GET', `${API}/ratings?teachingClass.id=${w.cls.id}`, { token: w.creator.token })).json()[
      'hydra:totalItems'
    ];
    const res = await post(body());
    expect(res.statusCode, res.body).toBe(400);
    expect(paths(res)).toContainEqual({ propertyPath: at, message });
    const after = (await s.api('GET', `${API}/ratings?teachingClass.id=${w.cls.id}`, { token: w.creator.token })).json()[
      'hydra:totalItems'
    ];
    expect(after).toBe(before);
  });

  it('takes an action of the skill sent with it as a rating of that action', async () => {
    const res = await post(skillBody(B.id, { learningAction: B.learningActions[1]!.id, date: '2026-10-02' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ learningSkill: { id: B.id }, learningAction: { id: B.learningActions[1]!.id } });
    expect((await s.api('DELETE', res.json()['@id'], { token: w.creator.token })).statusCode).toBe(204);
  });
});

describe('reading a rating of a skill as a whole', () => {
  it('is in the feed and its filters: by skill, not by any action', async () => {
    const feed = async (q: string) =>
      ((await s.api('GET', `${API}/ratings?${q}`, { token: w.creator.token })).json()['hydra:member'] as Rating[]).map((r) => r.id);
    expect(await feed(`teachingClass.id=${w.cls.id}`)).toContain(whole.id);
    expect(await feed(`learningSkill.id=${B.id}`)).toContain(whole.id);
    expect(await feed(`learningAction.id=${B.learningActions[0]!.id}`)).not.toContain(whole.id);
    expect(await feed(`students.id=${w.first.id}`)).toContain(whole.id);
    // The parent linked to the student sees it in the student's feed.
    const linked = await s.api('GET', whole['@id'], { token: w.linked.token });
    expect(linked.json()).toMatchObject({ learningAction: null, canEdit: false });
  });

  it('answers GET /observation/{id} with it', async () => {
    const res = await s.api('GET', `${API}/observation/${whole.observation}`, { token: w.creator.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ratings).toMatchObject([{ id: whole.id, learningAction: null, learningSkill: { id: B.id } }]);
  });

  it('counts under its skill in the class and student reports, in a row of the skill as a whole', async () => {
    for (const url of [`/report/class/${w.cls.id}?${SEPT}`, `/report/student/${studentId(w.first)}?${SEPT}`]) {
      const res = await s.api('GET', `${API}${url}`, { token: w.creator.token });
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json() as Report;
      const b = r.skills.find((x) => x.learningSkill === B['@id'])!;
      expect(b).toMatchObject({ ratings: 1, points: 4 });
      expect(b.actions.at(-1)).toEqual({
        learningAction: null,
        name: '(skill as a whole)',
        translationKey: 'report.skill_as_whole',
        ratings: 1,
        points: 4,
      });
      expect(b.actions.filter((a) => a.ratings > 0)).toHaveLength(1);
      expect(r.skills.find((x) => x.learningSkill === A['@id'])).toMatchObject({ ratings: 1, points: 2 });
      const amara = r.students.find((x) => x.teachingClassStudent === w.first['@id'])!;
      expect(amara.skills).toContainEqual({ learningSkill: B['@id'], ratings: 1, points: 4 });
      expect(r.totals).toMatchObject({ ratings: 2 });
    }
  });

  it('is listed in the spreadsheet: "(skill as a whole)" on Ratings and under its skill on Skills', async () => {
    const res = await s.api('GET', `${API}/report/spreadsheet/class/${w.cls.id}?${SEPT}`, { token: w.creator.token });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = (name: string) => (wb.getWorksheet(name)!.getSheetValues().slice(2) as unknown[][]).map((r) => r.slice(1));
    expect(values('Ratings')).toContainEqual([
      new Date('2026-09-10T00:00:00Z'),
      B.name,
      '(skill as a whole)',
      4,
      // The stage 4 points reach on the skill (DESIGN §12).
      'Secure',
      'Amara Okafor',
      'Led the group as a whole.',
      expect.any(String),
      // At home (a teacher's rating: empty), then Attachments.
      '',
      '',
    ]);
    // The stage column (issue 38) names a skill's stage on its own row, none on an action's.
    expect(values('Skills')).toContainEqual([B.name, '(skill as a whole)', 1, 4, '']);
  });

  it('is in the class export: CSV, JSON, HTML and the student portfolio PDF', async () => {
    const res = await s.api('GET', `${API}/export/class/${w.cls.id}`, { token: w.creator.token });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const text = (name: string) => zip.file(name)!.async('string');
    const folder = `Amara-Okafor-${w.first.id}`;
    const json = JSON.parse(await text('ratings.json')) as {
      ratings: { id: number; learningSkill: { id: number }; learningAction: unknown }[];
    };
    expect(json.ratings.find((r) => r.id === whole.id)).toMatchObject({ learningSkill: { id: B.id }, learningAction: null });
    expect((await text('ratings.csv')).split('\r\n').find((l) => l.includes('Led the group'))).toContain('(skill as a whole)');
    expect(await text(`${folder}/index.html`)).toContain('<p class="action">(skill as a whole)</p>');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skill-only-'));
    try {
      const file = path.join(dir, 'portfolio.pdf');
      fs.writeFileSync(file, await zip.file(`${folder}/portfolio.pdf`)!.async('nodebuffer'));
      expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('(skill as a whole)');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect((await s.api('GET', `${API}/report/pdf/class/${w.cls.id}?${SEPT}`, { token: w.creator.token })).statusCode).toBe(200);
  });
});

describe('PATCH and DELETE of a rating of a skill as a whole', () => {
  let r: Rating;
  beforeAll(async () => {
    const res = await post(skillBody(B.id, { date: '2026-10-05' }));
    expect(res.statusCode, res.body).toBe(201);
    r = res.json();
  });
  const patch = (body: Record<string, unknown>) => s.api('PATCH', r['@id'], { token: w.creator.token, body });

  it('changes its fields and accepts what it was read with (learningAction null)', async () => {
    const res = await patch({ ...r, points: 2, description: 'Changed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ points: 2, description: 'Changed', learningAction: null, learningSkill: { id: B.id } });
  });

  it('takes an action of its skill, refuses one of another skill, and goes back to the skill as a whole', async () => {
    const other = await patch({ learningAction: A.learningActions[0]!.id });
    expect(other.statusCode).toBe(400);
    expect(paths(other)).toContainEqual({ propertyPath: 'learningAction', message: RATING_MESSAGES.skillMismatch });
    const own = await patch({ learningAction: B.learningActions[0]!.id });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ learningAction: { id: B.learningActions[0]!.id }, learningSkill: { id: B.id } });
    // A rating of an action keeps that action's skill.
    expect(paths(await patch({ learningSkill: A.id }))).toContainEqual({
      propertyPath: 'learningSkill',
      message: RATING_MESSAGES.skillMismatch,
    });
    const back = await patch({ learningAction: null });
    expect(back.json()).toMatchObject({ learningAction: null, learningSkill: { id: B.id } });
  });

  it('moves to another skill of the class, not to one the class does not use', async () => {
    const moved = await patch({ learningSkill: A.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ learningAction: null, learningSkill: { id: A.id } });
    const refused = await patch({ learningSkill: unused.id });
    expect(paths(refused)).toContainEqual({ propertyPath: 'learningSkill', message: RATING_MESSAGES.skillNotInClass });
    // An action and a new skill sent together move it when they agree.
    const both = await patch({ learningSkill: B.id, learningAction: B.learningActions[2]!.id });
    expect(both.json()).toMatchObject({ learningAction: { id: B.learningActions[2]!.id }, learningSkill: { id: B.id } });
    await patch({ learningAction: null });
  });

  it('is changed and moved as an observation: with no actions it keeps, with actions they replace it', async () => {
    const url = `${API}/observation/${r.observation}`;
    const moved = await s.api('PATCH', url, { token: w.creator.token, body: { learningSkill: A.id, points: 5 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().ratings).toMatchObject([{ id: r.id, learningAction: null, learningSkill: { id: A.id }, points: 5 }]);
    const refused = await s.api('PATCH', url, { token: w.creator.token, body: { learningSkill: unused.id } });
    expect(paths(refused)).toContainEqual({ propertyPath: 'learningSkill', message: RATING_MESSAGES.skillNotInClass });
    const replaced = await s.api('PATCH', url, { token: w.creator.token, body: { learningActions: [A.learningActions[1]!.id] } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().ratings).toMatchObject([{ learningAction: { id: A.learningActions[1]!.id }, points: 5 }]);
    expect((await s.api('GET', r['@id'], { token: w.creator.token })).statusCode).toBe(404);
  });

  it('is deleted', async () => {
    const res = await post(skillBody(B.id, { date: '2026-10-06' }));
    const gone = await s.api('DELETE', res.json()['@id'], { token: w.creator.token });
    expect(gone.statusCode).toBe(204);
    expect((await s.api('GET', res.json()['@id'], { token: w.creator.token })).statusCode).toBe(404);
  });
});
