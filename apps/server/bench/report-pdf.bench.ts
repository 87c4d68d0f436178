// Part of `npm run bench` (issue 17): the portfolio PDFs of a school year, called from run.ts with its database, server
// and data folder (BENCH_ONLY=report-pdf runs only this). Class 5 of the bench's 200 (30 students) gets a demo-like
// year: 190 school days × 6 ratings with a note, 10% whole-class, others naming one to three students (about 180 to 200
// ratings per student), a photo on every third (1600×1200 JPEGs of about 500 KB with their 320 px WebP thumbnails, as
// uploads have, each its own file in the store, hard links to a few made once). Then the class PDF (the class summary
// and 30 portfolios) and one student's portfolio PDF are downloaded as a browser would, BENCH_PDF_RUNS times each
// (default 3) after a first warm-up one, with the server's resident memory and CPU time sampled: median time, CPU
// seconds, file size, peak RSS over idle. Targets (issue 17): student under 3 s, class under 10 s, peak under 150 MB
// over idle. Figures go to the console and bench/report-pdf-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { MEDIA_THUMB_SIZE } from '@skillroom/contract';
import { openDatabase } from '../src/db/client';
import { LocalFileStore } from '../src/lib/file-store';
import { seedLearningSkills } from '../src/seed/catalogue-skills';
import { BENCH_USER } from './seed';

const CLASS_ID = 5;
const YEAR = { start: '2026-09-01', end: '2027-07-15' };
const NOTE = 'Counted the shells in fives, explained it to a friend, then tried again alone with the bigger set.';
const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 3);
const TARGETS = { student: 3, class: 10, peakMb: 150 };
const here = import.meta.dirname;
type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Photo-like JPEGs: smooth colour with some grain, so that they cost what a phone's photo costs to decode and scale. */
async function photos(dir: string, n: number) {
  const files = [];
  for (let i = 0; i < n; i++) {
    const grain = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    const file = path.join(dir, `photo-${i}.jpg`);
    await sharp(grain)
      .resize(1600, 1200)
      .tint({ r: 60 + i * 25, g: 140, b: 200 - i * 20 })
      .jpeg({ quality: 85 })
      .toFile(file);
    await sharp(file).resize(MEDIA_THUMB_SIZE, MEDIA_THUMB_SIZE, { fit: 'inside' }).webp({ quality: 80 }).toFile(`${file}.webp`);
    files.push(file);
  }
  return files;
}

async function seedClassYear(db: Db, mediaDir: string, sources: string[], thumbs: boolean) {
  await db.execute(sql`update teaching_class set start = ${YEAR.start}, "end" = ${YEAR.end} where id = ${CLASS_ID}`);
  await db.execute(sql`select setseed(0.17)`);
  await db.execute(sql`insert into rating
      (teaching_class_id, learning_skill_id, learning_action_id, date, points, description, is_whole_class, creator_id)
    select ${CLASS_ID}, acts.skills[x.i], acts.ids[x.i], x.day, 1 + floor(random() * 5)::int, ${NOTE}, random() < 0.1, 1
    from (select array_agg(la.id order by la.id) ids, array_agg(la.learning_skill_id order by la.id) skills, count(*) n
      from learning_action la join learning_skill ls on ls.id = la.learning_skill_id where ls.is_public) acts,
    lateral (select d.day, 1 + floor(random() * acts.n)::int i
      from (select day::date from generate_series(${YEAR.start}::date, ${YEAR.start}::date + 300, '1 day') day
        where extract(isodow from day) < 6 order by day limit 190) d
      cross join generate_series(1, 6) k) x`);
  await db.execute(sql`insert into rating_student (rating_id, student_id, teaching_class_student_id, date)
    select r.id, p.student_id, p.id, r.date from rating r
    cross join lateral (select p.id, p.student_id from teaching_class_student p where p.teaching_class_id = r.teaching_class_id
      order by random() + r.id * 0 limit 1 + r.id % 3) p
    where r.teaching_class_id = ${CLASS_ID} and not r.is_whole_class and r.description = ${NOTE}`);
  const made = rowsOf<{ id: number; key: string }>(
    await db.execute(sql`with m as (insert into media
        (file_name, file_original_name, mime_type, size, file_dimensions, media_type, storage_key, thumb_key, uploader_id)
      select 'p' || r.id || '.jpg', 'photo ' || r.id || '.jpg', 'image/jpeg', 400000, '1600x1200', 34,
        'bench-pdf/' || r.id || '.jpg', ${thumbs ? sql`'bench-pdf/' || r.id || '.webp'` : sql`null`}, 1
      from rating r where r.teaching_class_id = ${CLASS_ID} and r.description = ${NOTE} and r.id % 3 = 0 returning id, storage_key)
      insert into rating_media (rating_id, media_id)
        select substring(m.storage_key from 11 for length(m.storage_key) - 14)::int, m.id from m
      returning media_id id, 'bench-pdf/' || rating_id || '.jpg' key`),
  );
  fs.mkdirSync(path.join(mediaDir, 'bench-pdf'), { recursive: true });
  made.forEach((m, i) => {
    fs.linkSync(sources[i % sources.length]!, path.join(mediaDir, m.key));
    // Every upload gets its 320 px WebP thumbnail (media.service); BENCH_PDF_THUMBS=0 measures the originals alone.
    if (thumbs) fs.linkSync(`${sources[i % sources.length]!}.webp`, path.join(mediaDir, m.key.replace(/\.jpg$/, '.webp')));
  });
  for (const t of ['rating', 'rating_student', 'rating_media', 'media']) await db.execute(sql.raw(`vacuum (analyze) ${t}`));
  // The student with the most ratings (named and whole-class) and photos: the portfolio of "a student year".
  const [student] = rowsOf<{ id: number; ratings: number; photos: number }>(
    await db.execute(sql`select p.student_id id,
        (select count(*) from rating r where r.teaching_class_id = ${CLASS_ID} and (r.is_whole_class
          or exists (select 1 from rating_student x where x.rating_id = r.id and x.student_id = p.student_id)))::int ratings,
        (select count(*) from rating r join rating_media rm on rm.rating_id = r.id
          where r.teaching_class_id = ${CLASS_ID} and (r.is_whole_class
          or exists (select 1 from rating_student x where x.rating_id = r.id and x.student_id = p.student_id)))::int photos
      from teaching_class_student p where p.teaching_class_id = ${CLASS_ID} order by 2 desc limit 1`),
  );
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int n from rating where teaching_class_id = ${CLASS_ID}`));
  return { ratings: c!.n, photos: made.length, student: student! };
}

const rss = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

/** The server's CPU time so far (user and system, all threads: sharp's too), in seconds. */
const cpu = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** One download with every byte read, the server's memory sampled meanwhile. */
async function download(url: string, token: string, pid: number, saveAs?: string) {
  const idle = rss(pid, 'VmRSS');
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the samples still catch the peak, at their rate.
  }
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid, 'VmRSS'))), 20);
  const t = performance.now();
  const cpuBefore = cpu(pid);
  let bytes = 0;
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200 || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    const out = saveAs ? fs.createWriteStream(saveAs) : null;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      out?.write(chunk);
    }
    out?.end();
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rss(pid, 'VmHWM'));
  return { seconds: (performance.now() - t) / 1000, cpuSeconds: cpu(pid) - cpuBefore, bytes, peakOverIdle: peak - idle };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export async function benchReportPdf(o: { databaseUrl: string; base: string; dataDir: string; serverPid: number }) {
  const database = await openDatabase({ databaseUrl: o.databaseUrl, pgliteDir: null });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-bench-pdf-'));
  try {
    const t = performance.now();
    await seedLearningSkills({ db: database.db, files: new LocalFileStore(scratch) });
    const sources = await photos(scratch, 6);
    const thumbs = process.env.BENCH_PDF_THUMBS !== '0';
    const seeded = { ...(await seedClassYear(database.db, path.join(o.dataDir, 'media'), sources, thumbs)), thumbs };
    const photoKb = Math.round(sources.reduce((n, f) => n + fs.statSync(f).size, 0) / sources.length / 1024);
    console.info(
      `\nreport PDFs: class ${CLASS_ID} has ${seeded.ratings} ratings and ${seeded.photos} photos of ${photoKb} KB; its fullest student ` +
        `${seeded.student.ratings} ratings and ${seeded.student.photos} photos; seeded in ${Math.round(performance.now() - t)} ms`,
    );
    const login = await fetch(`${o.base}/api/public/v1/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USER),
    });
    const { token } = (await login.json()) as { token: string };
    const range = `startDate=${YEAR.start}&endDate=${YEAR.end}`;
    const cases = [
      { name: 'student', label: `student portfolio PDF (${seeded.student.ratings} ratings)`, path: `student/${seeded.student.id}` },
      { name: 'class', label: `class PDF (30 portfolios, ${seeded.ratings} ratings)`, path: `class/${CLASS_ID}` },
    ] as const;
    const rows = [];
    for (const c of cases) {
      const url = `${o.base}/api/auth/v1/report/pdf/${c.path}?${range}`;
      // A first download warms the server (fonts, sharp) and is told apart.
      // BENCH_PDF_SAVE=<folder> keeps the PDFs to look at.
      const save = process.env.BENCH_PDF_SAVE ? path.join(process.env.BENCH_PDF_SAVE, `${c.name}.pdf`) : undefined;
      const first = await download(url, token, o.serverPid, save);
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await download(url, token, o.serverPid));
      const seconds = median(runs.map((r) => r.seconds));
      const peakMb = Math.max(...runs.map((r) => r.peakOverIdle)) / 1e6;
      const target = TARGETS[c.name];
      rows.push({
        case: c.label,
        firstSeconds: round(first.seconds),
        medianSeconds: round(seconds, 2),
        // The machine may be shared: the server's own CPU time says what the PDF costs whatever else runs.
        medianCpuSeconds: round(median(runs.map((r) => r.cpuSeconds)), 2),
        megabytes: round(runs[0]!.bytes / 1e6, 2),
        peakOverIdleMb: round(peakMb),
        targetSeconds: target,
        met: seconds < target && peakMb < TARGETS.peakMb,
      });
    }
    console.info(
      `\n${'report PDF'.padEnd(44)}${'median s'.padStart(9)}${'CPU s'.padStart(7)}${'MB'.padStart(7)}${'peak MB'.padStart(9)}  target`,
    );
    for (const r of rows)
      console.info(
        r.case.padEnd(44) +
          String(r.medianSeconds).padStart(9) +
          String(r.medianCpuSeconds).padStart(7) +
          String(r.megabytes).padStart(7) +
          String(r.peakOverIdleMb).padStart(9) +
          `  < ${r.targetSeconds} s, < ${TARGETS.peakMb} MB: ${r.met ? 'met' : 'NOT met'}`,
      );
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => round(x)),
      runs: RUNS,
      seeded: { ...seeded, photoKb },
      targets: TARGETS,
      rows,
    };
    fs.writeFileSync(path.join(here, 'report-pdf-results.json'), `${JSON.stringify(out, null, 2)}\n`);
    if (!rows.every((r) => r.met)) process.exitCode = 1;
  } finally {
    await database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
