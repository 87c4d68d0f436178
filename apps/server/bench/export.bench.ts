// Part of `npm run bench` (issue 14): the export of a class year, called from run.ts with its database, server and
// data folder. Two classes of 30 students get a school year of ratings (half a year's worth, then a whole one:
// about 750 and 1,500 ratings, a fifth with a 1 MB photo, so about 150 and 300 files), then each is exported as
// the real zip while the server's resident memory is sampled: the time, the bytes, and the peak RSS over the idle
// server (target: under 60 MB more, whatever the size), after a first export that warms the server up (told apart).
// Figures go to the console and bench/export-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase } from '../src/db/client';
import { LocalFileStore } from '../src/lib/file-store';
import { seedLearningSkills } from '../src/seed/catalogue-skills';
import { BENCH_USER } from './seed';

const YEAR = { start: '2026-09-01', end: '2027-07-15' };
/** The note of the year's ratings: other benchmarks (POST /rating) may have rated in the same class before. */
const NOTE = 'Explained the steps to a friend, then tried again alone.';
type BenchPhoto = Awaited<ReturnType<typeof benchPhoto>>;

/**
 * A real photo of about 1 MB (1600×1200 JPEG of noise, which compresses as little as a photo of a classroom) and its
 * 320 px thumbnail as an upload makes it: the portfolio decodes and scales thumbnails as it would in use.
 */
async function benchPhoto(dir: string) {
  const file = path.join(dir, 'photo.jpg');
  const thumb = path.join(dir, 'thumb.jpg');
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 40 };
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise } })
    .jpeg({ quality: 85 })
    .toFile(file);
  await sharp(file).resize(320, 320, { fit: 'inside' }).jpeg({ quality: 80 }).toFile(thumb);
  return { file, thumb, bytes: fs.statSync(file).size };
}
const TARGET_MB = 60;
const here = import.meta.dirname;
type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * A school year of ratings in one class: 190 weekdays, `perDay` a day, 10% whole-class, others naming one to three
 * students; every fifth rating with a 1 MB photo and its thumbnail, whose files are hard links to one made once (quick,
 * and no disk space per file: the export still opens, reads and checks each one as its own file).
 */
async function seedClassYear(db: Db, mediaDir: string, classId: number, perDay: number, photo: BenchPhoto) {
  await db.execute(sql`update teaching_class set start = ${YEAR.start}, "end" = ${YEAR.end} where id = ${classId}`);
  await db.execute(sql`select setseed(0.14)`);
  await db.execute(sql`insert into rating (teaching_class_id, learning_skill_id, learning_action_id, date, points, description, is_whole_class, creator_id)
    select ${classId}, acts.skills[x.i], acts.ids[x.i], x.day, 1 + floor(random() * 5)::int, ${NOTE}, random() < 0.1, 1
    from (select array_agg(la.id order by la.id) ids, array_agg(la.learning_skill_id order by la.id) skills, count(*) n from learning_action la join learning_skill ls on ls.id = la.learning_skill_id where ls.is_public) acts,
    lateral (select d.day, 1 + floor(random() * acts.n)::int i
      from (select day::date from generate_series(${YEAR.start}::date, ${YEAR.start}::date + 300, '1 day') day where extract(isodow from day) < 6 order by day limit 190) d
      cross join generate_series(1, ${perDay}) k) x`);
  await db.execute(sql`insert into rating_student (rating_id, student_id, teaching_class_student_id, date)
    select r.id, p.student_id, p.id, r.date from rating r
    cross join lateral (select p.id, p.student_id from teaching_class_student p where p.teaching_class_id = r.teaching_class_id order by random() + r.id * 0 limit 1 + r.id % 3) p
    where r.teaching_class_id = ${classId} and not r.is_whole_class and r.description = ${NOTE}`);
  const made = rowsOf<{ id: number; key: string }>(
    await db.execute(sql`with m as (insert into media (file_name, file_original_name, mime_type, size, file_dimensions, media_type,
        storage_key, thumb_key, uploader_id)
      select 'x' || r.id || '.jpg', 'photo ' || r.id || '.jpg', 'image/jpeg', ${photo.bytes}, '1600x1200', 34,
        'bench-export/' || r.id || '.jpg', 'bench-export/' || r.id || '-t.jpg', 1
      from rating r where r.teaching_class_id = ${classId} and r.description = ${NOTE} and r.id % 5 = 0 returning id, storage_key)
      insert into rating_media (rating_id, media_id) select substring(m.storage_key from 14 for length(m.storage_key) - 17)::int, m.id from m
      returning media_id id, 'bench-export/' || rating_id || '.jpg' key`),
  );
  fs.mkdirSync(path.join(mediaDir, 'bench-export'), { recursive: true });
  for (const m of made) {
    fs.linkSync(photo.file, path.join(mediaDir, m.key));
    fs.linkSync(photo.thumb, path.join(mediaDir, m.key.replace(/\.jpg$/, '-t.jpg')));
  }
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int n from rating where teaching_class_id = ${classId}`));
  return { ratings: c!.n, files: made.length };
}

const status = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};

/** Exports a class as a browser would (every byte read), with the server's resident memory sampled meanwhile. */
async function exportOnce(base: string, token: string, classId: number, pid: number) {
  const idle = status(pid, 'VmRSS');
  // Resets the server's peak RSS (VmHWM) to its current RSS, so the peak read after is this export's.
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the samples below still catch the peak, at their rate.
  }
  // Sampled apart while the export is prepared (reports, index, CSV, JSON) and while it is sent (the zip stream).
  let sampled = idle;
  let preparing = idle;
  let sending = idle;
  const sampler = setInterval(() => {
    const now = status(pid, 'VmRSS');
    sampled = Math.max(sampled, now);
    if (firstByte) sending = Math.max(sending, now);
    else preparing = Math.max(preparing, now);
  }, 20);
  const t = performance.now();
  let bytes = 0;
  let firstByte = 0;
  try {
    const res = await fetch(`${base}/api/auth/v1/export/class/${classId}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    const length = Number(res.headers.get('content-length'));
    for await (const chunk of res.body) {
      if (!firstByte) firstByte = performance.now() - t;
      bytes += chunk.byteLength;
    }
    if (bytes !== length) throw new Error(`Content-Length ${length} but ${bytes} bytes came`);
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t) / 1000;
  const peak = Math.max(sampled, status(pid, 'VmHWM'));
  const mb = (n: number) => Math.round(n / 1e5) / 10;
  return {
    seconds: Math.round(seconds * 10) / 10,
    firstByteSeconds: Math.round(firstByte / 100) / 10,
    megabytes: mb(bytes),
    idleMb: mb(idle),
    peakOverIdleMb: mb(peak - idle),
    preparingOverIdleMb: mb(preparing - idle),
    sendingOverIdleMb: mb(sending - idle),
  };
}

/** A token of its own: the one run.ts got may have expired while the benchmarks before this one ran. */
async function signIn(base: string) {
  const login = await fetch(`${base}/api/public/v1/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
  });
  if (login.status !== 200) throw new Error(`signing in for the export answered ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/** The class years' exports, then a class of 1,000 students (export-large.bench.ts); BENCH_EXPORT_PART=year|large one. */
export async function benchExport(o: { databaseUrl: string; base: string; dataDir: string; serverPid: number }) {
  const part = process.env.BENCH_EXPORT_PART;
  if (part !== 'large') await benchExportYear(o);
  if (part !== 'year') {
    const { benchLargeExport } = await import('./export-large.bench');
    await benchLargeExport({ databaseUrl: o.databaseUrl, base: o.base, token: await signIn(o.base) });
  }
}

async function benchExportYear(o: { databaseUrl: string; base: string; dataDir: string; serverPid: number }) {
  const database = await openDatabase({ databaseUrl: o.databaseUrl, pgliteDir: null });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-bench-export-'));
  const mediaDir = path.join(o.dataDir, 'media');
  try {
    const db = database.db;
    const t = performance.now();
    await seedLearningSkills({ db, files: new LocalFileStore(scratch) });
    const photo = await benchPhoto(scratch);
    console.info(`\nexport: a photo of ${Math.round(photo.bytes / 1000)} KB and its thumbnail`);
    // Classes 3 and 4 of the bench's 200 (classes 1 and 2 are the reports benchmark's).
    const sizes = [
      { classId: 3, ...(await seedClassYear(db, mediaDir, 3, 4, photo)) },
      { classId: 4, ...(await seedClassYear(db, mediaDir, 4, 8, photo)) },
    ];
    for (const t of ['rating', 'rating_student', 'rating_media', 'media']) await db.execute(sql.raw(`vacuum (analyze) ${t}`));
    console.info(
      `\nexport: seeded ${sizes.map((s) => `class ${s.classId} with ${s.ratings} ratings and ${s.files} files of 1 MB`).join(', ')} ` +
        `in ${Math.round(performance.now() - t)} ms`,
    );
    const token = await signIn(o.base);
    // The first export of a fresh server loads what every export uses once (fonts, the zip library) and grows the
    // heap to its working size: it is told apart, then both sizes are measured on the server as it runs from then on.
    const first = {
      classId: sizes[0]!.classId,
      ratings: sizes[0]!.ratings,
      files: sizes[0]!.files,
      ...(await exportOnce(o.base, token, sizes[0]!.classId, o.serverPid)),
    };
    console.info(`first export of this server: ${first.megabytes} MB in ${first.seconds} s, peak ${first.peakOverIdleMb} MB over idle`);
    const rows = [];
    for (const s of sizes) rows.push({ ...s, ...(await exportOnce(o.base, token, s.classId, o.serverPid)) });
    console.info(
      `\n${'class export'.padEnd(26)}${'MB'.padStart(7)}${'s'.padStart(6)}${'1st byte s'.padStart(11)}${'idle MB'.padStart(9)}` +
        '  peak over idle MB: all, preparing, sending',
    );
    for (const r of rows) {
      const peaks = [r.peakOverIdleMb, r.preparingOverIdleMb, r.sendingOverIdleMb].join(', ');
      console.info(
        `${r.ratings} ratings, ${r.files} files`.padEnd(26) +
          String(r.megabytes).padStart(7) +
          String(r.seconds).padStart(6) +
          String(r.firstByteSeconds).padStart(11) +
          String(r.idleMb).padStart(9) +
          `  ${peaks}`,
      );
    }
    const ok = rows.every((r) => r.peakOverIdleMb < TARGET_MB);
    console.info(`target: peak RSS under ${TARGET_MB} MB over idle at both sizes: ${ok ? 'met' : 'NOT met'}`);
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      targetMb: TARGET_MB,
      ok,
      first,
      rows,
    };
    fs.writeFileSync(path.join(here, 'export-results.json'), `${JSON.stringify(out, null, 2)}\n`);
    if (!ok) process.exitCode = 1;
  } finally {
    await database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
