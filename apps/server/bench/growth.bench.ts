// Growth and coverage at scale (issue 38, DESIGN §12): a database of its own with the school of run.ts (200 classes ×
// 30 students, one teacher), class 1 rated for a school year (190 days × 8), measured alone; then 1,000,000 ratings of
// the school's other 199 classes are bulk-inserted (COPY-free, set-based SQL) and the same calls measured again.
// Targets: p99 under 50 ms, and within 1.5× of the first figures of the same run (set against the floor's own change:
// the machine is shared). The indexes scanned while the second figures were taken are written with them (growth-results.json).
// `BENCH_ONLY=growth npm run bench` runs only this; BENCH_OTHER_RATINGS changes the million.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { LocalFileStore } from '../src/lib/file-store';
import { seedLearningSkills } from '../src/seed/catalogue-skills';
import { admin, startServer, stopServer } from './bench-server';
import { seedYear, settle } from './reports.bench';
import { BENCH_USER, seedBench } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const OTHER_RATINGS = Number(process.env.BENCH_OTHER_RATINGS ?? 1_000_000);
const P99_LIMIT = 50;
const WITHIN = 1.5;
const here = import.meta.dirname;

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** `n` ratings over the school's classes 2 to 200 and the year, a tenth whole-class, the others naming 1 or 2 students. */
export async function seedSchool(db: Db, n: number) {
  // The class-version triggers (migration 0011) upsert a counter row per inserted row: a million upserts of 199 rows in
  // one transaction walk ever longer version chains (over 15 minutes on the shared machine). They are off for the bulk
  // insert (foreign keys, internal triggers, stay on) and the versions are bumped once after, as the triggers would.
  await db.execute(sql`alter table rating disable trigger user`);
  await db.execute(sql`alter table rating_student disable trigger user`);
  try {
    await insertSchool(db, n);
  } finally {
    await db.execute(sql`alter table rating enable trigger user`);
    await db.execute(sql`alter table rating_student enable trigger user`);
  }
  await db.execute(sql`select bump_class_versions(array(select id from teaching_class where id <> 1), false, true)`);
  await settle(db);
}

async function insertSchool(db: Db, n: number) {
  await db.execute(sql`insert into rating
      (teaching_class_id, learning_skill_id, learning_action_id, date, points, is_whole_class, creator_id)
    select 2 + g % 199, acts.skills[1 + g % acts.n], acts.ids[1 + g % acts.n], '2026-09-01'::date + (g % 300), 1 + g % 5,
      g % 10 = 0, 1 + g % 2
    from (select array_agg(la.id order by la.id) ids, array_agg(la.learning_skill_id order by la.id) skills, count(*)::int n
      from learning_action la join learning_skill ls on ls.id = la.learning_skill_id where ls.framework = 'skillroom') acts,
      generate_series(1, ${n}) g`);
  // A place's id is (class - 1) × 30 + its row (seed.ts writes them in order): each rating names one or two of its class.
  await db.execute(sql`insert into rating_student (rating_id, student_id, teaching_class_student_id, date)
    select r.id, p.student_id, p.id, r.date from rating r
    cross join lateral generate_series(0, r.id % 2) k
    join teaching_class_student p on p.id = (r.teaching_class_id - 1) * 30 + 1 + (r.id + k * 7) % 30
    where r.teaching_class_id <> 1 and not r.is_whole_class`);
}

/** Index scans so far, per index (pg_stat_user_indexes). */
async function indexScans(db: Db) {
  // A session's statistics reach the shared view when it has been idle a while (PostgreSQL 15: at most 10 s later).
  await new Promise((r) => setTimeout(r, 11_000));
  // drizzle's execute answers the driver's own result; node-postgres carries `rows`, read as the query selects.
  const res = (await db.execute(sql`select indexrelname as index, relname as "table", idx_scan::int as scans
    from pg_stat_user_indexes`)) as unknown as { rows: { index: string; table: string; scans: number }[] };
  return res.rows;
}

function diffScans(before: Awaited<ReturnType<typeof indexScans>>, after: Awaited<ReturnType<typeof indexScans>>) {
  const was = new Map(before.map((x) => [x.index, x.scans]));
  return after
    .map((x) => ({ index: x.index, table: x.table, scans: x.scans - (was.get(x.index) ?? 0) }))
    .filter((x) => x.scans > 0)
    .sort((a, b) => b.scans - a.scans);
}

interface Figure {
  route: string;
  url: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(route: string, base: string, url: string, token: string, connections = 1): Promise<Figure> {
  const opts = { url: base + url, connections, headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' }, timeout: 30 };
  await autocannon({ ...opts, duration: WARMUP });
  const r = await autocannon({ ...opts, duration: SECONDS });
  return {
    route,
    url,
    rps: Math.round(r.requests.average * 10) / 10,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.non2xx + r.errors + r.timeouts,
  };
}

const round = async (base: string, token: string) => [
  await measure('floor (auth + select 1)', base, '/api/auth/v1/health', token),
  await measure('growth, class grid', base, '/api/auth/v1/growth/class/1', token),
  await measure('coverage, class', base, '/api/auth/v1/coverage/class/1', token),
  await measure('growth, one student', base, `/api/auth/v1/growth/student/1?teachingClassId=1`, token),
];

function print(title: string, rows: Figure[]) {
  console.info(`\n${title}\n${'route'.padEnd(26)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}  target`);
  for (const r of rows.slice(0, 1).concat(rows.slice(1))) {
    const target = r.route.startsWith('floor') ? '' : `p99 < ${P99_LIMIT} ms: ${r.p99 < P99_LIMIT ? 'met' : 'NOT met'}`;
    console.info(
      r.route.padEnd(26) +
        [r.rps, r.p50, r.p99].map((x) => String(x).padStart(9)).join('') +
        `  ${target}${r.errors ? `  ERRORS ${r.errors}` : ''}`,
    );
  }
}

export async function benchGrowth(adminUrl: string) {
  const name = `bench_g_${crypto.randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-bench-g-'));
  await admin(adminUrl, `create database ${name}`);
  let child: Awaited<ReturnType<typeof startServer>>['child'] | null = null;
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  try {
    const db = database.db;
    let t = performance.now();
    await seedBench(db);
    await seedLearningSkills({ db, files: new LocalFileStore(dataDir) });
    await seedYear(db, [1], 8);
    await settle(db);
    console.info(`\ngrowth: class 1 (30 students) rated for a year, seeded in ${Math.round(performance.now() - t)} ms`);
    const server = await startServer(url, dataDir);
    child = server.child;
    const base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}/api/public/v1/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USER),
    });
    const { token } = (await login.json()) as { token: string };
    const before = await round(base, token);
    print('growth and coverage, the school without other ratings', before);

    t = performance.now();
    await seedSchool(db, OTHER_RATINGS);
    const total = (await db.execute(
      sql`select (select count(*) from rating)::int n, (select count(*) from rating_student)::int s`,
    )) as unknown as {
      rows: { n: number; s: number }[];
    };
    const seeded = Math.round((performance.now() - t) / 1000);
    console.info(
      `\nadded ${OTHER_RATINGS} ratings of the school's other 199 classes in ${seeded} s: ` +
        `${total.rows[0]!.n} ratings, ${total.rows[0]!.s} student links`,
    );
    const scans = await indexScans(db);
    const after = await round(base, token);
    // The indexes the measured calls used with the million ratings in (scans during the round; the floor's and the sign-in's too).
    const indexes = diffScans(scans, await indexScans(db));
    console.info(`\nindexes scanned in that round: ${indexes.map((x) => `${x.index} (${x.scans})`).join(', ')}`);
    print(`growth and coverage, with ${total.rows[0]!.n} ratings in the table`, after);
    const slowdown = Math.max(1, before[0]!.rps / Math.max(after[0]!.rps, 0.1));
    console.info(`\nwithin ${WITHIN}× of the first figures (p99; the floor went from ${before[0]!.rps} to ${after[0]!.rps} req/s):`);
    const within = after.slice(1).map((a, i) => {
      const b = before[i + 1]!;
      const raw = a.p99 / Math.max(b.p99, 1);
      const ratio = raw / slowdown;
      const met = ratio <= WITHIN && a.p99 < P99_LIMIT && !a.errors;
      console.info(`  ${a.route.padEnd(26)} raw ×${raw.toFixed(2)}, against the floor ×${ratio.toFixed(2)} ${met ? 'met' : 'NOT met'}`);
      return { route: a.route, raw: Math.round(raw * 100) / 100, ratio: Math.round(ratio * 100) / 100, met };
    });
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      seconds: SECONDS,
      warmupSeconds: WARMUP,
      otherRatings: OTHER_RATINGS,
      p99Limit: P99_LIMIT,
      before,
      after,
      within,
      indexes,
      ok: within.every((w) => w.met),
    };
    fs.writeFileSync(path.join(here, 'growth-results.json'), `${JSON.stringify(out, null, 2)}\n`);
    if (!out.ok) process.exitCode = 1;
  } finally {
    if (child) await stopServer(child);
    await database.close();
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
