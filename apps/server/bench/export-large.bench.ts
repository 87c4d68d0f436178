// Part of `npm run bench` (issue 33): the export of a class of 1,000 students without ratings, beside the floor route.
// A class of the bench's 200 that nobody rated gets 970 more students; it is exported as the real zip (every byte
// read) while two clients ask the floor route (auth + select 1) one request after the other: the export's time, and
// the floor's p50, p99 and slowest answer beside it, against the same floor on the idle server just before. An export
// that held the event loop (a long synchronous step) shows as a floor answer as slow as that step.
// Figures go to the console and bench/export-large-results.json. BENCH_EXPORT_PART=large runs only this part.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';

const STUDENTS = 1_000;
const FLOOR = '/api/auth/v1/health';
/** Target: the whole class exported well within a minute. */
const TARGET_SECONDS = 60;
const here = import.meta.dirname;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Asks the floor route with `clients` clients, one request after the other each, until `done` resolves. */
async function floorWhile(base: string, token: string, done: Promise<unknown>, clients = 2) {
  const times: number[] = [];
  let over = false;
  void done.finally(() => (over = true));
  const client = async () => {
    while (!over) {
      const t = performance.now();
      const res = await fetch(base + FLOOR, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`the floor answered ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { requests: times.length, p50: at(0.5), p99: at(0.99), max: Math.round(times[times.length - 1]! * 10) / 10 };
}

/** Reads the whole zip over node:http: fetch gives up on an answer whose headers take over 300 s (the build). */
function exportClass(base: string, token: string, classId: number) {
  const t = performance.now();
  return new Promise<{ seconds: number; megabytes: number }>((resolve, reject) => {
    http
      .get(`${base}/api/auth/v1/export/class/${classId}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ seconds: Math.round((performance.now() - t) / 100) / 10, megabytes: Math.round(bytes / 1e5) / 10 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function benchLargeExport(o: { databaseUrl: string; base: string; token: string }) {
  const database = await openDatabase({ databaseUrl: o.databaseUrl, pgliteDir: null });
  try {
    const db = database.db;
    const [cls] = rowsOf<{ id: number; n: number }>(
      await db.execute(sql`select c.id, (select count(*)::int from teaching_class_student p where p.teaching_class_id = c.id) n
        from teaching_class c where not c.is_finished and not exists (select 1 from rating r where r.teaching_class_id = c.id)
        order by c.id desc limit 1`),
    );
    if (!cls) throw new Error('no class without ratings to grow');
    await db.execute(sql`with s as (insert into student (first_name, last_name, creator_id)
        select 'Large' || g, 'Class' || g, 1 from generate_series(1, ${STUDENTS - cls.n}) g returning id, first_name, last_name)
      insert into teaching_class_student (first_name, last_name, student_id, teaching_class_id, creator_id, invitation_code)
        select s.first_name, s.last_name, s.id, ${cls.id}, 1, 'L' || lpad(s.id::text, 7, '0') from s`);
    await db.execute(sql`analyze teaching_class_student`);
    const idle = await floorWhile(o.base, o.token, new Promise((r) => setTimeout(r, 5_000)));
    const exporting = exportClass(o.base, o.token, cls.id);
    const beside = await floorWhile(o.base, o.token, exporting);
    const run = await exporting;
    const ok = run.seconds < TARGET_SECONDS;
    console.info(
      `\nexport of a class of ${STUDENTS} students without ratings: ${run.megabytes} MB in ${run.seconds} s ` +
        `(target under ${TARGET_SECONDS} s: ${ok ? 'met' : 'NOT met'})\n` +
        `floor ${FLOOR}, 2 clients: idle p50 ${idle.p50} ms, p99 ${idle.p99} ms, max ${idle.max} ms; ` +
        `beside the export p50 ${beside.p50} ms, p99 ${beside.p99} ms, max ${beside.max} ms (${beside.requests} requests)`,
    );
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      students: STUDENTS,
      targetSeconds: TARGET_SECONDS,
      ok,
      ...run,
      floorIdle: idle,
      floorBesideExport: beside,
    };
    fs.writeFileSync(path.join(here, 'export-large-results.json'), `${JSON.stringify(out, null, 2)}\n`);
    if (!ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
}
