import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogs, media, studentProfileUsers, students, teachingClassStudents } from '../../db/schema';
import { flushAccessLog } from '../../records/access-log';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addCoTeacher, classWithRoles, createClass } from '../../../test/classes';
import { jpegWithGps, upload } from '../../../test/media';
import { classSkills, rate, seedSkills } from '../../../test/ratings';
import { importText } from '../../../test/roster';

let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let photo: { id: number };
let avatar: { id: number };
let firstId: number;
let nextClassId: number;
const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)> & "quoted"';
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const streamToBuffer = async (r: AsyncIterable<Buffer>) => {
  const parts: Buffer[] = [];
  for await (const c of r) parts.push(c);
  return Buffer.concat(parts);
};
const idOf = (ref: string) => Number(ref.split('/').pop());

beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  firstId = idOf(w.first.student);
  const [skill] = await classSkills(s, w.creator, w.cls.id);
  const act = skill!.learningActions[0]!.id;
  const up = async (name: string) => {
    const res = await upload(s, w.creator.token, MediaType.RatingPhoto, {
      filename: name,
      type: 'image/jpeg',
      content: await jpegWithGps(80, 60),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  photo = await up('sports day.jpg');
  avatar = await up('amara.jpg');
  await s.ctx.db.update(students).set({ avatarId: avatar.id }).where(eq(students.id, firstId));
  await rate(s, w.creator, w.cls.id, act, {
    students: [w.first['@id']],
    date: '2026-09-07',
    points: 2,
    description: HOSTILE,
    medias: [photo.id],
  });
  await rate(s, w.coteacher, w.cls.id, act, { students: [], date: '2026-09-08', points: 4, description: FORMULA });
  await rate(s, w.creator, w.cls.id, act, { students: [w.second['@id']], date: '2026-09-09', points: 5, description: 'About Bao only' });
  // The first student's next class, by another teacher; the parent is not linked there.
  const other = await signUp(s);
  const next = await createClass(s, other, { name: 'Year 5 Oaks' });
  nextClassId = next.id;
  await addCoTeacher(s, next.id, w.coteacher);
  const copy = await s.api('POST', `${API}/teaching-class-student/copy`, {
    token: w.coteacher.token,
    body: { teachingClass: next['@id'], teachingClassStudents: [w.first['@id']] },
  });
  expect(copy.statusCode, copy.body).toBe(201);
  const [nextSkill] = await classSkills(s, other, next.id);
  await rate(s, other, next.id, nextSkill!.learningActions[0]!.id, {
    students: [copy.json()['hydra:member'][0]['@id']],
    date: '2026-09-20',
    description: 'Next class only',
  });
});
afterAll(() => s.close());

const get = (url: string, token?: string) => s.api('GET', `${API}${url}`, { token });

async function zipOf(url: string, token: string) {
  // A browser asks for compressed answers: a zip of stored entries must still come as it is, with its length.
  const res = await s.api('GET', `${API}${url}`, { token, headers: { 'accept-encoding': 'br, gzip' } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="[^"]+\.zip"/);
  const zip = await JSZip.loadAsync(res.rawPayload);
  const text = (name: string) => zip.file(name)!.async('string');
  return {
    zip,
    text,
    names: Object.keys(zip.files)
      .filter((n) => !zip.files[n]!.dir)
      .sort(),
  };
}
const ratingsIn = async (json: string) =>
  (JSON.parse(json) as { ratings: { description: string; teachingClass: { id: number }; media: { path: string }[] }[] }).ratings;
const tmpLeft = () => fs.readdirSync(path.join(s.dataDir, 'tmp', 'exports'));
let listening: string | null = null;
/** The server on a real connection (a free port of 127.0.0.1), listened once for the file; app.close() stops it. */
const address = async () => (listening ??= await s.app.listen({ port: 0, host: '127.0.0.1' }));

describe('GET /export/student/{id}', () => {
  it('gives a linked parent a zip of their linked class only: index, portfolio, report, CSV, JSON and every file', async () => {
    const { names, text, zip } = await zipOf(`/export/student/${firstId}`, w.linked.token);
    const photoName = names.find((n) => n.startsWith(`media/${photo.id}-`))!;
    const avatarName = names.find((n) => n.startsWith(`media/${avatar.id}-`))!;
    expect(photoName).toBe(`media/${photo.id}-sports-day.jpg`);
    expect(avatarName).toBeTruthy();
    expect(names).toEqual(
      [
        ...['index.html', avatarName, 'messages.json', photoName, 'portfolio.pdf'],
        ...['ratings.csv', 'ratings.json', 'report.xlsx', 'self-assessments.json'],
      ].sort(),
    );
    // The attachment is the stored (cleaned) file itself, byte for byte.
    const [row] = await s.ctx.db.select().from(media).where(eq(media.id, photo.id));
    const stored = await streamToBuffer(await s.ctx.files.get(row!.storageKey));
    expect(Buffer.compare(await zip.file(photoName)!.async('nodebuffer'), stored)).toBe(0);
    expect((await zip.file('portfolio.pdf')!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await zip.file('report.xlsx')!.async('nodebuffer')).subarray(0, 2).toString()).toBe('PK');
    const ratings = await ratingsIn(await text('ratings.json'));
    expect(ratings.map((r) => r.description)).toEqual([HOSTILE, FORMULA]);
    expect(ratings.every((r) => r.teachingClass.id === w.cls.id)).toBe(true);
    expect(ratings[0]!.media[0]!.path).toBe(photoName);
    const html = await text('index.html');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &quot;quoted&quot;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror=alert(2)>');
    expect(html).toContain(`<img src="${photoName}"`);
    expect(html).toContain('07/09/2026');
    expect(html).not.toMatch(/Bao|Next class only/);
    const csv = await text('ratings.csv');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).not.toMatch(/,=HYPERLINK|,"=HYPERLINK/);
    await flushAccessLog(s.ctx.db);
    const logged = await s.ctx.db
      .select()
      .from(accessLogs)
      .where(and(eq(accessLogs.userId, w.linked.id), eq(accessLogs.studentId, firstId)));
    expect(logged).toMatchObject([{ action: 'export', teachingClassId: w.cls.id }]);
    await expect.poll(tmpLeft, { timeout: 10_000 }).toEqual([]);
  });

  it('gives the class teachers the classes they teach, one class with teachingClassId, in their language', async () => {
    await s.api('PATCH', `${API}/user/${w.creator.id}`, { token: w.creator.token, body: { preferredLanguage: 'es' } });
    const own = await zipOf(`/export/student/${firstId}`, w.creator.token);
    expect(await own.text('index.html')).toMatch(/<html lang="es">[\s\S]*Expediente de Amara Okafor[\s\S]*Toda la clase/);
    expect((await own.text('ratings.csv')).split('\r\n')[0]).toBe(
      '\ufeffFecha,Clase,Habilidad,Acción,Puntos,Nota,Autor,Toda la clase,Adjuntos',
    );
    expect((await ratingsIn(await own.text('ratings.json'))).map((r) => r.description)).toEqual([HOSTILE, FORMULA]);
    // A co-teacher of both classes gets both; with teachingClassId, one.
    const both = await zipOf(`/export/student/${firstId}`, w.coteacher.token);
    expect((await ratingsIn(await both.text('ratings.json'))).map((r) => r.teachingClass.id)).toEqual([w.cls.id, w.cls.id, nextClassId]);
    const one = await zipOf(`/export/student/${firstId}?teaching_class_id=${nextClassId}`, w.coteacher.token);
    expect((await ratingsIn(await one.text('ratings.json'))).map((r) => r.description)).toEqual(['Next class only']);
    expect(one.names).not.toContain(`media/${photo.id}-sports-day.jpg`);
  });

  it('refuses evaluators (403), strangers and unknown students (404), bad input (400), anonymous (401)', async () => {
    const cases: [string, string | undefined, number][] = [
      [`/export/student/${firstId}`, w.evaluator.token, 403],
      [`/export/student/${firstId}?teachingClassId=${w.cls.id}`, w.evaluator.token, 403],
      [`/export/student/${firstId}`, w.stranger.token, 404],
      [`/export/student/${firstId}?teachingClassId=${nextClassId}`, w.linked.token, 404],
      [`/export/student/${idOf(w.second.student)}`, w.linked.token, 404],
      [`/export/student/99999999`, w.creator.token, 404],
      [`/export/student/abc`, w.creator.token, 400],
      [`/export/student/${firstId}?teachingClassId=abc`, w.creator.token, 400],
      [`/export/student/${firstId}?format=tar`, w.creator.token, 400],
      [`/export/student/${firstId}`, undefined, 401],
    ];
    for (const [url, token, status] of cases) {
      const res = await get(url, token);
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(res.json()['@type']).toMatch(/hydra:Error|ConstraintViolationList/);
    }
    expect(tmpLeft()).toEqual([]);
  });
});

describe('GET /export/class/{id}', () => {
  it('gives the class teachers a folder per student, the class report and every rating once', async () => {
    const { names, text } = await zipOf(`/export/class/${w.cls.id}`, w.coteacher.token);
    const amara = `Amara-Okafor-${w.first.id}`;
    const bao = `Bao-Nguyen-${w.second.id}`;
    for (const f of ['index.html', 'portfolio.pdf', 'report.xlsx', 'ratings.csv', 'ratings.json'])
      expect(names).toEqual(expect.arrayContaining([`${amara}/${f}`, `${bao}/${f}`]));
    expect(names).toEqual(
      expect.arrayContaining(['class-report.pdf', 'class-report.xlsx', 'ratings.csv', 'ratings.json', `media/${photo.id}-sports-day.jpg`]),
    );
    expect(names.filter((n) => n.includes('sports-day'))).toHaveLength(1);
    const all = JSON.parse(await text('ratings.json')) as { ratings: { description: string; students: { firstName: string }[] }[] };
    expect(all.ratings.map((r) => [r.description, r.students.map((x) => x.firstName)])).toEqual([
      [HOSTILE, ['Amara']],
      [FORMULA, []],
      ['About Bao only', ['Bao']],
    ]);
    expect((await ratingsIn(await text(`${bao}/ratings.json`))).map((r) => r.description)).toEqual([FORMULA, 'About Bao only']);
    expect(await text(`${amara}/index.html`)).toContain(`<img src="../media/${photo.id}-sports-day.jpg"`);
    await flushAccessLog(s.ctx.db);
    const logged = await s.ctx.db
      .select()
      .from(accessLogs)
      .where(and(eq(accessLogs.userId, w.coteacher.id), eq(accessLogs.detail, `class:${w.cls.id}`)));
    expect(logged.map((l) => l.studentId).sort()).toEqual([firstId, idOf(w.second.student)].sort());
  });

  it('refuses evaluators (403), linked users and strangers (404), bad ids (400)', async () => {
    const cases: [string, string | undefined, number][] = [
      [`/export/class/${w.cls.id}`, w.evaluator.token, 403],
      [`/export/class/${w.cls.id}`, w.linked.token, 404],
      [`/export/class/${w.cls.id}`, w.stranger.token, 404],
      [`/export/class/0`, w.creator.token, 400],
      [`/export/class/${w.cls.id}?x=1`, w.creator.token, 400],
      [`/export/class/${w.cls.id}`, undefined, 401],
    ];
    for (const [url, token, status] of cases) expect([url, (await get(url, token)).statusCode]).toEqual([url, status]);
  });

  it('streams over a real connection: one export at a time per user (429), files removed when the client goes away', async () => {
    const base = await address();
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${base}${API}/export/class/${w.cls.id}`, { headers: { authorization: `Bearer ${w.creator.token}` } }, resolve)
        .on('error', reject),
    );
    expect(res.statusCode).toBe(200);
    // The first bytes are here, so the export is being sent and holds the user's slot.
    await new Promise((resolve) => res.once('data', resolve));
    res.pause();
    expect(tmpLeft()).toHaveLength(1);
    const second = await get(`/export/student/${firstId}`, w.creator.token);
    expect(second.statusCode).toBe(429);
    res.destroy();
    await expect.poll(tmpLeft, { timeout: 10_000 }).toEqual([]);
    await expect.poll(async () => (await get(`/export/student/${firstId}`, w.creator.token)).statusCode, { timeout: 10_000 }).toBe(200);
  });
});

describe('GET /export/class/{id} of a large class', () => {
  it('writes the records of students nobody rated without reading them, and the rated ones in full', async () => {
    const t = await signUp(s);
    const cls = await createClass(s, t, { name: 'Year 6 Birch' });
    expect((await importText(s, t.token, cls.id, 'Rated\tOne\tB-1\nNever\tRated\tB-2')).statusCode).toBe(201);
    const places = await s.ctx.db.select().from(teachingClassStudents).where(eq(teachingClassStudents.teachingClassId, cls.id));
    const rated = places.find((x) => x.firstName === 'Rated')!;
    const never = places.find((x) => x.firstName === 'Never')!;
    const [skill] = await classSkills(s, t, cls.id);
    await rate(s, t, cls.id, skill!.learningActions[0]!.id, {
      students: [`${API}/teaching-class-student/${rated.id}`],
      date: '2026-09-10',
    });
    const { text, zip } = await zipOf(`/export/class/${cls.id}`, t.token);
    expect((await ratingsIn(await text(`Rated-One-${rated.id}/ratings.json`))).map((r) => r.teachingClass.id)).toEqual([cls.id]);
    expect(await ratingsIn(await text(`Never-Rated-${never.id}/ratings.json`))).toEqual([]);
    expect((await text(`Never-Rated-${never.id}/ratings.csv`)).split('\r\n').filter(Boolean)).toHaveLength(1);
    for (const who of [`Rated-One-${rated.id}`, `Never-Rated-${never.id}`]) {
      const xlsx = await JSZip.loadAsync(await zip.file(`${who}/report.xlsx`)!.async('nodebuffer'));
      expect(Object.keys(xlsx.files)).toContain('xl/workbook.xml');
      expect((await zip.file(`${who}/portfolio.pdf`)!.async('nodebuffer')).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('stops building when its client goes away: the folder goes and the next export of the user is served at once', async () => {
    const t = await signUp(s);
    const big = await createClass(s, t, { name: 'Year 7 Hall' });
    const rows = Array.from({ length: 400 }, (_, i) => `Pupil${i}\tHall${i}\tH-${i}`).join('\n');
    expect((await importText(s, t.token, big.id, rows)).statusCode).toBe(201);
    const req = http.get(`${await address()}${API}/export/class/${big.id}`, { headers: { authorization: `Bearer ${t.token}` } });
    req.on('error', () => undefined);
    // The build is under way (its folder holds students' files already), and nobody has an answer yet.
    const students = () =>
      tmpLeft().flatMap((x) => fs.readdirSync(path.join(s.dataDir, 'tmp', 'exports', x)).filter((n) => n.startsWith('Pupil')));
    await expect.poll(() => students().length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(2);
    req.destroy();
    // Within a unit or two of work, not at the end of the class's 400 students.
    await expect.poll(tmpLeft, { timeout: 5_000, interval: 20 }).toEqual([]);
    // The user's one export slot is free again: their next export is served (not 429).
    const [one] = await s.ctx.db.select().from(teachingClassStudents).where(eq(teachingClassStudents.teachingClassId, big.id)).limit(1);
    const next = await get(`/export/student/${one!.studentId}`, t.token);
    expect(next.statusCode, next.body.slice(0, 200)).toBe(200);
  }, 60_000);
});

describe('comments in the record (DESIGN §11)', { timeout: 120_000 }, () => {
  it("a family's export carries the comments it may see: the teachers' and its own family's, never another family's", async () => {
    const [skill] = await classSkills(s, w.creator, w.cls.id);
    const rating = await rate(s, w.creator, w.cls.id, skill!.learningActions[0]!.id, {
      students: [w.first['@id'], w.second['@id']],
      date: '2026-09-10',
      description: 'Both of them',
    });
    const secondFamily = await signUp(s, { accountTypeRadio: 'parent_user' });
    await s.ctx.db.insert(studentProfileUsers).values({
      studentId: idOf(w.second.student),
      userId: secondFamily.id,
      teachingClassStudentId: w.second.id,
      teachingClassId: w.cls.id,
    });
    const say = async (token: string, text: string) =>
      expect((await s.api('POST', `${API}/rating-comment`, { token, body: { rating: rating['@id'], text } })).statusCode).toBe(201);
    await say(w.creator.token, 'Lovely teamwork');
    await say(w.linked.token, `Amara's family ${HOSTILE}`);
    await say(secondFamily.token, "Bao's family");
    const mine = await zipOf(`/export/student/${firstId}?teaching_class_id=${w.cls.id}`, w.linked.token);
    const json = JSON.parse(await mine.text('ratings.json')) as { ratings: { id: number; comments: { text: string }[] }[] };
    expect(json.ratings.find((r) => r.id === rating.id)!.comments.map((c) => c.text)).toEqual([
      'Lovely teamwork',
      `Amara's family ${HOSTILE}`,
    ]);
    const html = await mine.text('index.html');
    expect(html).toContain('Lovely teamwork');
    expect(html).not.toContain("Bao's family");
    expect(html).not.toContain('<script>alert(1)');
  });
});
