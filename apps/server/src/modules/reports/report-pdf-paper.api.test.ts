import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { makeThumbs, putThumbs } from '../../lib/thumb-variants';
import { startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, createClass, type TestUser } from '../../../test/classes';
import { signUp } from '../../../test/harness';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

// Issue 36 §14: a class PDF of 30 students, 20 of them unrated, printed without a page per unrated student, without
// skill rows nobody was rated in, and with photos large enough to see (8 cm wide from a source of at least 640 px).
let s: TestServer;
let teacher: TestUser;
let classId: number;
const rated: { name: string; studentId: number }[] = [];
let unrated: string[] = [];
let skillNames: string[] = [];
const dir = process.env.REPORT_PDF_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-paper-'));
const OCT = 'startDate=2026-10-01&endDate=2026-10-31';
const FIRST =
  'Amy Ben Cleo Dara Eli Fay Gus Hana Ivo Jade Kai Lena Milo Nia Omar Pia Quin Rosa Sami Tara Uma Vic Wes Xena Yara Zeno Abe Bea Cal Dot';
/** 8 cm, the narrowest a photo may print, in points. */
const EIGHT_CM = (8 / 2.54) * 72;

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

/** A photo as an upload stores it: the file, and its thumbnails (with the 2x one unless `older`, from before variants). */
async function storedPhoto(name: string, o: { older?: boolean } = {}) {
  const data = await picture(1600, 1200);
  const key = `test/${Math.random()}`;
  await s.ctx.files.put(key, data);
  const thumbKey = `${key}.webp`;
  const thumbs = await makeThumbs(data);
  if (o.older) await s.ctx.files.put(thumbKey, thumbs['1x']);
  else await putThumbs(s.ctx.files, thumbKey, thumbs);
  const [row] = await s.ctx.db
    .insert(media)
    .values({
      fileName: name,
      fileOriginalName: name,
      mimeType: 'image/jpeg',
      size: data.length,
      fileDimensions: '1600x1200',
      mediaType: MediaType.RatingPhoto,
      storageKey: key,
      thumbKey,
      uploaderId: teacher.id,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  teacher = await signUp(s);
  classId = (await createClass(s, teacher)).id;
  const places = [];
  for (const [i, first] of FIRST.split(' ').entries()) {
    const place = await addStudent(s, teacher, classId, { firstName: first, lastName: `Family${i + 1}` });
    places.push({ place, name: `${first} Family${i + 1}` });
  }
  const skills = await classSkills(s, teacher, classId);
  skillNames = skills.map((k) => k.name);
  // The first ten are rated in the first skill only, each with a photo (the last one's from before the 2x variant).
  const action = skills[0]!.learningActions[0]!.id;
  for (const [i, { place, name }] of places.slice(0, 10).entries()) {
    const photo = await storedPhoto(`photo-${i}.jpg`, { older: i === 9 });
    await rate(s, teacher, classId, action, { students: [place['@id']], date: '2026-10-06', points: 3, medias: [photo] });
    rated.push({ name, studentId: Number(String(place.student).split('/').pop()) });
  }
  unrated = places.slice(10).map((p) => p.name);
});
afterAll(async () => {
  await s.close();
  if (!process.env.REPORT_PDF_DIR) fs.rmSync(dir, { recursive: true, force: true });
});

/** A PDF of a route: its pages' texts (spacing made single) and its images with the size each is drawn at. */
async function pdf(route: string, name: string) {
  const res = await s.api('GET', `${API}${route}`, { token: teacher.token });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  const pages = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1)
    .map((p) => p.replace(/\s+/g, ' '));
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((l) => l.trim().split(/\s+/))
    // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
    .map((c) => ({ page: Number(c[0]), width: Number(c[3]), drawnWidth: (Number(c[3]) / Number(c[12])) * 72 }));
  return { pages, text: pages.join(' '), count: Number(/Pages:\s+(\d+)/.exec(info)![1]), images };
}

const times = (text: string, what: string) => text.split(what).length - 1;

describe('the class PDF of 30 students, 20 of them unrated', () => {
  it('lists the unrated students once, on no page of their own, and prints a portfolio for each rated one', async () => {
    const { pages, text, count } = await pdf(`/report/pdf/class/${classId}?${OCT}`, 'class-30');
    // The class summary (two pages at most), then each rated student's summary and portfolio (two pages at most).
    expect(count).toBeLessThanOrEqual(2 + 2 * rated.length);
    expect(times(text, 'No ratings in this period')).toBe(1);
    for (const name of unrated) expect(times(text, name), name).toBe(1);
    for (const { name } of rated)
      expect(
        pages.filter((p) => p.includes(`Portfolio: ${name}`)),
        name,
      ).toHaveLength(1);
    expect(pages.some((p) => unrated.some((name) => p.includes(`Portfolio: ${name}`)))).toBe(false);
  });

  it('prints no skill or action nobody was rated in', async () => {
    const { text } = await pdf(`/report/pdf/class/${classId}?${OCT}`, 'class-30-rows');
    expect(text).toContain(skillNames[0]);
    for (const name of skillNames.slice(1)) expect(text, name).not.toContain(name);
    expect(text).not.toMatch(/\b0 ratings\b/);
  });
});

describe("a rated student's PDF", () => {
  it('keeps to their rated skills and prints the photo 8 cm wide from 640 px or more', async () => {
    const { text, count, images } = await pdf(`/report/pdf/student/${rated[0]!.studentId}?${OCT}&teachingClassId=${classId}`, 'student');
    for (const name of skillNames.slice(1)) expect(text, name).not.toContain(name);
    expect(text).not.toMatch(/\b0 ratings\b/);
    // One rating with a photo: a page of summary (its rated skill only), a page of portfolio.
    expect(count).toBeLessThanOrEqual(2);
    expect(images).toHaveLength(1);
    expect(images[0]!.width).toBeGreaterThanOrEqual(640);
    expect(images[0]!.drawnWidth).toBeGreaterThanOrEqual(EIGHT_CM - 0.5);
  });

  it('prints a photo from before the 2x thumbnails from its original, as large', async () => {
    const { images } = await pdf(`/report/pdf/student/${rated[9]!.studentId}?${OCT}&teachingClassId=${classId}`, 'student-older');
    expect(images).toHaveLength(1);
    expect(images[0]!.width).toBeGreaterThanOrEqual(640);
    expect(images[0]!.drawnWidth).toBeGreaterThanOrEqual(EIGHT_CM - 0.5);
  });
});

describe('the list of unrated students in other languages', () => {
  it.each([
    ['es', 'Sin valoraciones en este periodo', ' y '],
    ['zh-HK', '此期間沒有評分', '、'],
  ])('reads in %s', async (preferredLanguage, heading, separator) => {
    await s.api('PATCH', `${API}/user/${teacher.id}`, { token: teacher.token, body: { preferredLanguage } });
    const { text } = await pdf(`/report/pdf/class/${classId}?${OCT}`, `class-30-${preferredLanguage}`);
    expect(times(text, heading)).toBe(1);
    // The list's last two names joined as the language joins them.
    expect(text).toMatch(new RegExp(`Family\\d+${separator}\\w+ Family\\d+`));
  });
});
