import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { MediaType } from '@skillroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, addStudent, classWithRoles, linkUser } from '../../../test/classes';
import { classSkills, rate, seedSkills } from '../../../test/ratings';

// Read back with poppler (pdftotext, pdfimages) as a person would see the pages; REPORT_PDF_DIR keeps the files.
let s: TestServer;
let w: Awaited<ReturnType<typeof classWithRoles>>;
let skillNames: string[];
let skillIds: number[];
const dir = process.env.REPORT_PDF_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
const NOTE = 'Counted the shells in fives and explained it to Bao.';
const SECRET = 'A note about Bao alone.';
const SEPT = 'startDate=2026-09-01&endDate=2026-09-30';

async function stored(kind: number, name: string, mime: string, data: Buffer | null, o: { thumb?: Buffer; duration?: number } = {}) {
  const key = `test/${Math.random()}`;
  if (data) await s.ctx.files.put(key, data);
  const thumbKey = o.thumb ? `${key}.webp` : null;
  if (o.thumb) await s.ctx.files.put(thumbKey!, o.thumb);
  const [row] = await s.ctx.db
    .insert(media)
    .values({
      fileName: name,
      fileOriginalName: name,
      mimeType: mime,
      size: data?.length ?? 1,
      mediaType: kind,
      storageKey: key,
      thumbKey,
      duration: o.duration ?? null,
      uploaderId: w.creator.id,
    })
    .returning();
  return row!;
}

const image = (width: number, height: number, format: 'jpeg' | 'webp') => {
  const made = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return (format === 'jpeg' ? made.jpeg() : made.webp()).toBuffer();
};

beforeAll(async () => {
  s = await startTestServer();
  await seedSkills(s);
  w = await classWithRoles(s);
  const third = await addStudent(s, w.creator, w.cls.id, { firstName: 'Chen', lastName: 'Li' });
  const skills = (await classSkills(s, w.creator, w.cls.id)) as unknown as {
    id: number;
    name: string;
    learningActions: { id: number }[];
  }[];
  const photo = await stored(MediaType.RatingPhoto, 'shells.jpg', 'image/jpeg', await image(1600, 1200, 'jpeg'));
  const video = await stored(MediaType.RatingVideo, 'song.mp4', 'video/mp4', Buffer.alloc(10), {
    thumb: await image(320, 180, 'webp'),
    duration: 83,
  });
  const audio = await stored(MediaType.RatingAudio, 'reading.m4a', 'audio/mp4', Buffer.alloc(10));
  const photos = await Promise.all(
    [...Array(7)].map(async (_, i) => (await stored(MediaType.RatingPhoto, `p${i}.jpg`, 'image/jpeg', await image(800, 600, 'jpeg'))).id),
  );
  const act = (i: number) => skills[i % skills.length]!.learningActions[0]!.id;
  const amara = w.first['@id'];
  await rate(s, w.creator, w.cls.id, act(0), {
    points: 1,
    students: [amara],
    date: '2026-09-07',
    description: NOTE,
    medias: [photo.id, video.id, audio.id],
  });
  await rate(s, w.creator, w.cls.id, act(1), { points: 2, students: [], date: '2026-09-08', description: 'The whole class sang.' });
  await rate(s, w.creator, w.cls.id, act(2), { points: 3, students: [w.second['@id']], date: '2026-09-09', description: SECRET });
  // Every skill rated, so that the students-by-skill table is wider than a page.
  for (let i = 3; i < skills.length; i++)
    await rate(s, w.creator, w.cls.id, act(i), { points: 4, students: [amara, third['@id']], date: '2026-09-16' });
  // Seven photos: three rows, which may not be cut by a page break.
  await rate(s, w.creator, w.cls.id, act(0), {
    points: 5,
    students: [amara],
    date: '2026-09-21',
    description: 'Seven photos.',
    medias: photos,
  });
  skillNames = skills.map((k) => k.name);
  skillIds = skills.map((k) => k.id);
});
afterAll(async () => {
  await s.close();
  if (!process.env.REPORT_PDF_DIR) fs.rmSync(dir, { recursive: true, force: true });
});

/** The PDF of a route, saved: its pages' texts (pdftotext, page by page) and its images (pdfimages -list). */
async function pdf(route: string, token: string, name: string) {
  const res = await s.api('GET', `${API}${route}`, { token });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, res.rawPayload);
  const pages = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((l) => l.trim().split(/\s+/))
    .map((c) => ({ page: Number(c[0]), width: Number(c[3]), height: Number(c[4]) }));
  // In the order it was drawn (a table's cells one after the other), as -layout's columns do not keep it.
  const raw = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  return { pages, text: pages.join('\n'), raw, images, bytes: res.rawPayload.length };
}

const language = (u: { id: number; token: string }, preferredLanguage: string) =>
  s.api('PATCH', `${API}/user/${u.id}`, { token: u.token, body: { preferredLanguage } });

describe('the class PDF', () => {
  it('prints every header of the students-by-skill table whole, dd/MM/yyyy dates, plurals, and a portfolio per student', async () => {
    const { pages, text } = await pdf(`/report/pdf/class/${w.cls.id}?${SEPT}`, w.creator.token, 'class-en');
    const start = pages.findIndex((p) => p.includes('Students by skill'));
    const first = pages.findIndex((p) => p.trimStart().startsWith('Portfolio: '));
    expect(start).toBeGreaterThanOrEqual(0);
    const table = pages.slice(start, first).join('\n').slice(pages[start]!.indexOf('Students by skill'));
    const words = new Set(table.split(/\s+/));
    for (const name of skillNames) for (const word of name.split(/\s+/)) expect(words, `${name} in the table`).toContain(word);
    expect(text).toContain('Period: 01/09/2026 to 30/09/2026');
    expect(text).toMatch(/Made on \d\d\/\d\d\/\d{4}/);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);
    expect(text).toMatch(/\b1 rating\b/);
    expect(text).toMatch(/\b2 ratings\b/);
    expect(text).not.toMatch(/\b1 ratings\b|\b1 points\b/);
    // The class summary, then each student's portfolio on pages of its own.
    for (const name of ['Amara Okafor', 'Bao Nguyen', 'Chen Li'])
      expect(
        pages.filter((p) => p.trimStart().startsWith(`Portfolio: ${name}`)),
        name,
      ).toHaveLength(1);
    // Each student's portfolio has their growth (DESIGN §12): three "Growth" headings after the class summary.
    expect(
      pages
        .slice(first)
        .join('\n')
        .match(/^\s*Growth\s*$/gm),
    ).toHaveLength(3);
    expect(text).toContain('Week of 07/09/2026');
  });

  it('prints a rating with its note, author, photo (scaled to print), video poster and duration, audio by name', async () => {
    const { pages, images } = await pdf(
      `/report/pdf/student/${Number(w.first.student.split('/').pop())}?${SEPT}`,
      w.linked.token,
      'student-en',
    );
    const at = pages.findIndex((p) => p.includes(NOTE));
    expect(at).toBeGreaterThanOrEqual(0);
    const page = pages[at]!;
    expect(page).toMatch(/07\/09\/2026 · /);
    expect(page).toContain('Video, 1:23');
    expect(page).toContain('Audio: reading.m4a');
    expect(page).toMatch(/By \w+/);
    // The photo and the poster are image objects on the note's page, scaled to 200 dpi of their printed size (8.3 cm).
    const here = images.filter((i) => i.page === at + 1);
    expect(here.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...images.map((i) => i.width))).toBeLessThanOrEqual(656);
    // Each rating names the stage its points reach on its skill (DESIGN §12): 1 is Beginning, 5 Extending.
    expect(page).toMatch(/1 point · Beginning/);
    expect(pages.join('\n')).toMatch(/5 points · Extending/);
    // Growth per skill before the ratings: the first skill's 1 then 5 make a median of 3 (Developing) by September's end,
    // nothing before the range; the months are labelled MM/yyyy.
    const growth = pages.findIndex((p) => p.includes('Growth'));
    expect(growth).toBeGreaterThanOrEqual(0);
    expect(growth).toBeLessThanOrEqual(at);
    const section = pages.slice(growth).join('\n');
    expect(section).toMatch(/Stage at start: –/);
    expect(section).toMatch(/Stage now: Developing · 2 ratings/);
    expect(section).toContain('09/2026');
    // The whole-class rating is in, another child's is not.
    expect(pages.join('\n')).toContain('The whole class sang.');
    expect(pages.join('\n')).not.toContain(SECRET);
    // Seven photos in rows that are never cut: all seven drawn, each on a page with room for it.
    const seven = pages.findIndex((p) => p.includes('Seven photos.'));
    const count = images.filter((i) => i.page >= seven + 1 && i.page <= seven + 3 && i.width === 656).length;
    expect(count).toBe(7);
  });

  it('writes Latin text with the Latin font and loads the Chinese one only for a text that needs it', async () => {
    const act = (await classSkills(s, w.creator, w.cls.id))[0]!.learningActions[0]!.id;
    const student = Number(w.first.student.split('/').pop());
    const OCT = 'startDate=2026-10-01&endDate=2026-10-31';
    await rate(s, w.creator, w.cls.id, act, { points: 3, students: [w.first['@id']], date: '2026-10-05', description: 'Zoë and Łukasz.' });
    const fontsOf = (name: string) => execFileSync('pdffonts', [path.join(dir, `${name}.pdf`)], { encoding: 'utf8' });
    const latin = await pdf(`/report/pdf/student/${student}?${OCT}`, w.creator.token, 'student-latin');
    expect(latin.text).toContain('Zoë and Łukasz.');
    expect(fontsOf('student-latin')).toMatch(/DejaVuSans/);
    expect(fontsOf('student-latin')).not.toMatch(/NotoSansCJK/);
    const CHINESE = '數到五十，然後教 Zoë。';
    await rate(s, w.creator, w.cls.id, act, { points: 4, students: [w.first['@id']], date: '2026-10-06', description: CHINESE });
    const mixed = await pdf(`/report/pdf/student/${student}?${OCT}`, w.creator.token, 'student-mixed');
    expect(mixed.text).toContain(CHINESE);
    expect(mixed.text).toContain('Zoë and Łukasz.');
    expect(fontsOf('student-mixed')).toMatch(/DejaVuSans[\s\S]*NotoSansCJK|NotoSansCJK[\s\S]*DejaVuSans/);
  });

  it.each([
    [
      'es',
      'Semana del 07/09/2026',
      /\b1 valoración\b/,
      /\b2 valoraciones\b/,
      'Portafolio: Amara Okafor',
      ['Progreso', 'Etapa actual', 'Progreso de la clase'],
    ],
    ['zh-HK', '07/09/2026 當週', /1 個評分/, /2 個評分/, '學習檔案：Amara Okafor', ['成長', '現時的階段', '班級成長']],
  ])('renders in %s with its plurals and its growth', async (locale, week, one, two, portfolio, growth) => {
    await language(w.coteacher, locale);
    const { text } = await pdf(`/report/pdf/class/${w.cls.id}?${SEPT}`, w.coteacher.token, `class-${locale}`);
    expect(text).toContain(week);
    expect(text).toMatch(one);
    expect(text).toMatch(two);
    expect(text).toContain(portfolio);
    for (const words of growth) expect(text).toContain(words);
    expect(text).not.toMatch(/\d{4}-\d\d-\d\d/);
  });

  it("closes the class summary with the growth grid, the student's own view apart, and prints it in their growth", async () => {
    // Amara rates herself Secure on the first skill (DESIGN §12), on a day of September.
    await s.api('PATCH', `${API}/teaching-class/${w.cls.id}`, { token: w.creator.token, body: { selfAssessment: true } });
    const me = await signUp(s, { accountTypeRadio: 'student_user' });
    await linkUser(s, w.first, me);
    const made = await s.api('POST', `${API}/self-assessment`, {
      token: me.token,
      body: {
        teachingClassStudent: `${API}/teaching-class-student/${w.first.id}`,
        learningSkill: `${API}/learning-skill/${skillIds[0]}`,
        points: 4,
        reflection: 'I count in fives now.',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    await s.ctx.db.execute(sql`update self_assessment set created = '2026-09-20T10:00:00Z' where id = ${made.json().id as number}`);

    const { pages, raw } = await pdf(`/report/pdf/class/${w.cls.id}?${SEPT}`, w.creator.token, 'class-grid-en');
    const at = pages.findIndex((p) => p.includes('Class growth'));
    const first = pages.findIndex((p) => p.trimStart().startsWith('Portfolio: '));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(first);
    const grid = pages.slice(at, first).join('\n');
    expect(grid).toContain('by 30/09/2026');
    expect(grid).toMatch(/never counts in the teachers' stages/);
    // Every skill rated is a column (wrapped, never cut, in as many parts as the page needs), every student a row.
    const words = new Set(grid.split(/\s+/));
    for (const name of skillNames) for (const word of name.split(/\s+/)) expect(words, `${name} in the grid`).toContain(word);
    for (const name of ['Amara Okafor', 'Bao Nguyen', 'Chen Li']) expect(grid).toContain(name);
    // Cell by cell as drawn: Amara's first skill stands at Developing from her 1 and 5, her own Secure beside it (not in
    // it); a skill not rated yet is a dash and no rating; the others at the stage of their ratings.
    const cells = raw.slice(raw.indexOf('Class growth'), raw.indexOf('Portfolio: '));
    expect(cells).toMatch(/Developing\s+2 ratings\s+Self: Secure\s/);
    expect(cells.match(/Self: [A-Z]/g)).toHaveLength(1);
    expect(cells).toMatch(/–\s+0 ratings\s/);
    expect(cells).toMatch(/Secure\s+1 rating\s/);

    // In Amara's portfolio (and her own PDF) the growth section names her view on its own line, with its day.
    const amara = raw.slice(raw.indexOf('Portfolio: Amara Okafor'));
    expect(amara).toMatch(/Stage now: Developing · 2 ratings\s+Self: Secure · 20\/09\/2026/);
    const own = await pdf(`/report/pdf/student/${Number(w.first.student.split('/').pop())}?${SEPT}`, w.linked.token, 'student-self-en');
    expect(own.raw).toMatch(/Stage now: Developing · 2 ratings\s+Self: Secure · 20\/09\/2026/);
    expect(own.raw).toMatch(/never counts in the teachers' stages/);
  });

  it('keeps its permissions: the parent gets no class PDF, a stranger no student PDF', async () => {
    expect((await s.api('GET', `${API}/report/pdf/class/${w.cls.id}`, { token: w.linked.token })).statusCode).toBe(404);
    const student = Number(w.first.student.split('/').pop());
    expect((await s.api('GET', `${API}/report/pdf/student/${student}`, { token: w.stranger.token })).statusCode).toBe(404);
  });
});
