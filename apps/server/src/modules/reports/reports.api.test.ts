import ExcelJS from 'exceljs';
import { MediaType, type Report } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addCoTeacher, addStudent, classWithRoles, createClass, makeMedia } from '../../../test/classes';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let third: { '@id': string; id: number; student: string };
let A: { '@id': string; id: number; learningActions: { id: number; '@id': string }[] };
let B: typeof A;
let ratingIds: number[];
const studentId = (place: { student: string }) => Number(place.student.split('/').pop());
beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  third = await addStudent(s, w.creator, w.cls.id, { firstName: 'Chen', lastName: 'Li' });
  [A, B] = (await classSkills(s, w.creator, w.cls.id)) as unknown as [typeof A, typeof A];
  const photo = await makeMedia(s, MediaType.RatingPhoto, w.coteacher.id);
  const r = [
    await rate(s, w.creator, w.cls.id, A.learningActions[0]!.id, { points: 2, students: [w.first['@id']], date: '2026-09-07' }),
    await rate(s, w.coteacher, w.cls.id, A.learningActions[1]!.id, {
      points: 4,
      students: [w.first['@id'], w.second['@id']],
      date: '2026-09-09',
    }),
    await rate(s, w.evaluator, w.cls.id, B.learningActions[0]!.id, { points: 5, students: [], date: '2026-09-15' }),
    await rate(s, w.creator, w.cls.id, B.learningActions[0]!.id, { points: 3, students: [w.second['@id']], date: '2026-10-20' }),
    await rate(s, w.coteacher, w.cls.id, A.learningActions[0]!.id, {
      points: 1,
      students: [third['@id']],
      date: '2026-09-10',
      medias: [photo.id],
    }),
  ];
  ratingIds = r.map((x) => x.id);
  // The first student's next class, by another teacher: the class's creator of this one does not see it.
  const other = await signUp(s);
  const next = await createClass(s, other, { name: 'Year 5 Oaks', start: '2026-09-01' });
  await addCoTeacher(s, next.id, w.coteacher);
  const copy = await s.api('POST', `${API}/teaching-class-student/copy`, {
    token: w.coteacher.token,
    body: { teachingClass: next['@id'], teachingClassStudents: [w.first['@id']] },
  });
  expect(copy.statusCode).toBe(201);
  await rate(s, other, next.id, (await classSkills(s, other, next.id))[0]!.learningActions[0]!.id, {
    points: 5,
    students: [copy.json()['hydra:member'][0]['@id']],
    date: '2026-09-20',
  });
});
afterAll(() => s.close());

const get = (path: string, token: string) => s.api('GET', `${API}${path}`, { token });
const SEPT = 'startDate=2026-09-01&endDate=2026-09-30';

describe('GET /report/class/{id}', () => {
  it('counts each rating once, whole-class ratings for every student, by skill, action, student and week', async () => {
    const res = await get(`/report/class/${w.cls.id}?${SEPT}`, w.creator.token);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as Report;
    expect(r).toMatchObject({
      '@type': 'ClassReport',
      start: '2026-09-01',
      end: '2026-09-30',
      student: null,
      teachingClasses: [{ id: w.cls.id, name: 'Year 4 Maple' }],
    });
    expect(r.totals).toEqual({ ratings: 4, points: 12, students: 3, wholeClassRatings: 1, atHome: 0, average: 3 });
    const a = r.skills.find((x) => x.learningSkill === A['@id'])!;
    expect(a).toMatchObject({ ratings: 3, points: 7, name: 'Communication', translationKey: 'learning_skill.communication' });
    expect(a.actions.slice(0, 2).map((x) => [x.learningAction, x.ratings, x.points])).toEqual([
      [A.learningActions[0]!['@id'], 2, 3],
      [A.learningActions[1]!['@id'], 1, 4],
    ]);
    expect(r.skills.find((x) => x.learningSkill === B['@id'])).toMatchObject({ ratings: 1, points: 5 });
    expect(r.skills.length).toBe(8);
    const st = Object.fromEntries(r.students.map((x) => [x.firstName, [x.ratings, x.points, x.wholeClassRatings]]));
    expect(st).toEqual({ Amara: [3, 11, 1], Bao: [2, 9, 1], Chen: [2, 6, 1] });
    const amara = r.students.find((x) => x.firstName === 'Amara')!;
    expect(amara.skills).toEqual([
      { learningSkill: A['@id'], ratings: 2, points: 6 },
      { learningSkill: B['@id'], ratings: 1, points: 5 },
    ]);
    expect(r.timeline).toEqual([
      { week: '2026-08-31', ratings: 0, points: 0 },
      { week: '2026-09-07', ratings: 3, points: 7 },
      { week: '2026-09-14', ratings: 1, points: 5 },
      { week: '2026-09-21', ratings: 0, points: 0 },
      { week: '2026-09-28', ratings: 0, points: 0 },
    ]);
    expect(r.media).toMatchObject([
      {
        rating: `${API}/rating/${ratingIds[4]}`,
        date: '2026-09-10',
        learningSkill: A['@id'],
        isWholeClass: false,
        media: { mediaType: MediaType.RatingPhoto },
      },
    ]);
  });

  it('defaults to the class start until today, and counts only named students without whole-class ratings', async () => {
    const r = (await get(`/report/class/${w.cls.id}`, w.evaluator.token)).json() as Report;
    expect(r.start).toBe('2026-09-01');
    expect(r.totals.ratings).toBe(5);
    const oct = (await get(`/report/class/${w.cls.id}?startDate=2026-10-01&endDate=2026-10-31`, w.coteacher.token)).json() as Report;
    expect(oct.totals).toMatchObject({ ratings: 1, points: 3, students: 1, wholeClassRatings: 0 });
  });

  it('answers a class without ratings with zeros, every week of the range, and exports it', async () => {
    const empty = await createClass(s, w.creator, { start: '2026-09-01' });
    const r = (await get(`/report/class/${empty.id}?startDate=2026-09-07&endDate=2026-09-20`, w.creator.token)).json() as Report;
    expect(r.totals).toEqual({ ratings: 0, points: 0, students: 0, wholeClassRatings: 0, atHome: 0, average: null });
    expect(r.skills.every((k) => k.ratings === 0 && k.actions.length >= 3)).toBe(true);
    expect(r.timeline).toEqual([
      { week: '2026-09-07', ratings: 0, points: 0 },
      { week: '2026-09-14', ratings: 0, points: 0 },
    ]);
    expect(r.media).toEqual([]);
    for (const kind of ['pdf', 'spreadsheet'])
      expect((await get(`/report/${kind}/class/${empty.id}`, w.creator.token)).statusCode).toBe(200);
  });

  it.each([
    ['creator', 200],
    ['coteacher', 200],
    ['evaluator', 200],
    ['linked', 404],
    ['stranger', 404],
  ] as const)('answers %s with %i, for JSON, PDF and spreadsheet', async (role, status) => {
    for (const kind of ['', '/pdf', '/spreadsheet'])
      expect((await get(`/report${kind}/class/${w.cls.id}?${SEPT}`, w[role].token)).statusCode, kind).toBe(status);
  });

  it.each([
    ['startDate=2026-13-01'],
    ['startDate=2026-09-30&endDate=2026-09-01'],
    ['startDate=1990-01-01&endDate=2026-01-01'],
    ['endDate=soon'],
    ['color=red'],
  ])('answers 400 for %s', async (qs) => {
    const res = await get(`/report/class/${w.cls.id}?${qs}`, w.creator.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()['@type']).toBe('ConstraintViolationList');
  });

  it('answers 401 without a token and 404 for a class that does not exist', async () => {
    expect((await s.api('GET', `${API}/report/class/${w.cls.id}`)).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/report/pdf/class/${w.cls.id}`)).statusCode).toBe(401);
    expect((await get('/report/class/999999', w.creator.token)).statusCode).toBe(404);
  });
});

describe('GET /report/student/{id}', () => {
  it("counts the ratings naming the student and their classes' whole-class ratings, across the classes the user may see", async () => {
    const mine = (await get(`/report/student/${studentId(w.first)}?${SEPT}`, w.creator.token)).json() as Report;
    expect(mine).toMatchObject({
      '@type': 'StudentReport',
      student: { id: studentId(w.first), firstName: 'Amara' },
      teachingClasses: [{ id: w.cls.id }],
    });
    expect(mine.totals).toEqual({ ratings: 3, points: 11, students: 1, wholeClassRatings: 1, atHome: 0, average: 3.67 });
    // The co-teacher teaches both of Amara's classes: her history reads across them; one class with teachingClassId.
    const both = (await get(`/report/student/${studentId(w.first)}?${SEPT}`, w.coteacher.token)).json() as Report;
    expect(both.teachingClasses.map((c) => c.name)).toEqual(['Year 4 Maple', 'Year 5 Oaks']);
    expect(both.totals).toMatchObject({ ratings: 4, points: 16 });
    expect(both.students.map((x) => x.ratings)).toEqual([3, 1]);
    const one = (
      await get(`/report/student/${studentId(w.first)}?${SEPT}&teachingClassId=${w.cls.id}`, w.coteacher.token)
    ).json() as Report;
    expect(one.totals.ratings).toBe(3);
    // The parent sees the class where their link was accepted, not the one the child was copied into (DESIGN §2).
    const parent = (await get(`/report/student/${studentId(w.first)}?${SEPT}`, w.linked.token)).json() as Report;
    expect(parent.teachingClasses.map((c) => c.name)).toEqual(['Year 4 Maple']);
    expect(parent.totals).toMatchObject({ ratings: 3, points: 11 });
  });

  it.each([
    ['creator', 200],
    ['coteacher', 200],
    ['evaluator', 200],
    ['linked', 200],
    ['stranger', 404],
  ] as const)("answers %s with %i for the linked child's report in all formats", async (role, status) => {
    for (const kind of ['', '/pdf', '/spreadsheet'])
      expect((await get(`/report${kind}/student/${studentId(w.first)}`, w[role].token)).statusCode, kind).toBe(status);
  });

  it("keeps another student's report from the parent, and a class the student is not in", async () => {
    expect((await get(`/report/student/${studentId(w.second)}`, w.linked.token)).statusCode).toBe(404);
    expect((await get(`/report/student/${studentId(w.second)}?teachingClassId=999999`, w.creator.token)).statusCode).toBe(404);
    expect((await get(`/report/student/${studentId(w.second)}?teachingClassId=abc`, w.creator.token)).statusCode).toBe(400);
    expect((await s.api('GET', `${API}/report/student/${studentId(w.first)}`)).statusCode).toBe(401);
  });
});

describe('exports', () => {
  it('writes a PDF with its pages', async () => {
    const res = await get(`/report/pdf/class/${w.cls.id}?${SEPT}`, w.creator.token);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="report-Year-4-Maple-2026-09-01-2026-09-30.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)!.length).toBeGreaterThanOrEqual(1);
  });

  it("writes a workbook with a sheet per view, in the user's language", async () => {
    const load = async (token: string) => {
      const res = await get(`/report/spreadsheet/class/${w.cls.id}?${SEPT}`, token);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return wb;
    };
    const wb = await load(w.creator.token);
    expect(wb.worksheets.map((x) => x.name)).toEqual(['Summary', 'Skills', 'Students', 'Timeline', 'Evidence', 'Ratings', 'Growth']);
    const students = wb.getWorksheet('Students')!;
    expect(students.getRow(2).values).toEqual([undefined, 'Amara Okafor', 'Year 4 Maple', 3, 11, 1, 0, 2, 1]);
    expect(wb.getWorksheet('Timeline')!.getRow(3).values).toEqual([undefined, new Date('2026-09-07T00:00:00Z'), 3, 7]);
    expect(wb.getWorksheet('Evidence')!.rowCount).toBe(2);
    await s.api('PATCH', `${API}/user/${w.coteacher.id}`, { token: w.coteacher.token, body: { preferredLanguage: 'es' } });
    const es = await load(w.coteacher.token);
    const sheets = ['Resumen', 'Habilidades', 'Alumnos', 'Cronología', 'Evidencias', 'Ratings', 'Progreso'];
    expect(es.worksheets.map((x) => x.name)).toEqual(sheets);
    expect(es.getWorksheet('Habilidades')!.getRow(2).getCell(1).value).toBe('Comunicación');
  });
});
