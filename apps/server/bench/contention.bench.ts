// Part of `npm run bench` (called from run.ts with the running server; `BENCH_ONLY=contention` runs only it): whether
// writes in different classes wait on each other (DESIGN §14 "No global lock"). On PostgreSQL, with the floor of the
// same run: one teacher rating alone, then 24 teachers rating at once, each in a class of their own; class reads (a
// class and its feed, of a class nobody writes) alone and beside those 24 writers, and the floor beside them too (what
// the writers' CPU alone takes from any request, on a machine of 2 cores), and beside the 24 teachers at a classroom
// pace (one rating a second each). Each client is a loop sending its next request when the last one is answered (the
// paced teachers wait out the rest of their second). A sampler reads pg_stat_activity every 20 ms meanwhile: the share
// of the bench database's active backends waiting on a lock (wait_event_type 'Lock'), and the statements that wait.
// Targets: 24 writers at least 1.5× one writer's ratings per second; lock waits under 5% of the samples; reads beside
// the teachers at a classroom pace within 20% of reads alone (beside the closed loops, which take both cores, the
// reads' share is shown beside the floor's: what is lost beyond the CPU). Figures go to bench/contention-results.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { loadConfig } from '../src/config';
import { createFileStore } from '../src/lib/file-store-factory';
import { seedLearningSkills } from '../src/seed/catalogue-skills';
import { BENCH_USER } from './seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const WRITERS = 24;
/** Clients reading the class and its feed. */
const READERS = 8;
// A teacher's pace in the classroom: a rating a second each (24/s in all), faster than anyone rates children, yet
// leaving some CPU; beside the closed loops, which take both cores, not even the floor keeps its pace.
const TEACHER_PACE_MS = Number(process.env.BENCH_TEACHER_PACE_MS ?? 1000);
const TARGETS = { writeScale: 1.5, lockShare: 0.05, readsKept: 0.8 };
/** The classes the writers rate in, one each (co-taught by a writer of their own; none is finished). */
const WRITER_CLASSES = Array.from({ length: 30 }, (_, i) => 101 + i)
  .filter((c) => c % 10 !== 0)
  .slice(0, WRITERS);
/** The class the readers read: written by nobody during the run. */
const READ_CLASS = 1;

interface Options {
  databaseUrl: string;
  dataDir: string;
  base: string;
}

interface Row {
  name: string;
  clients: number;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** Of the sampled active backends, the share waiting on a lock (null when nothing was sampled). */
  lockShare: number | null;
  activeSamples: number;
}

/** `paceMs`: the least time between the starts of two of its requests (a person's pace); none, as fast as answered. */
type Client = { next: () => { url: string; init: RequestInit }; paceMs?: number };

const percentile = (sorted: number[], p: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! * 10) / 10 : 0;

/** Runs every client's loop for `seconds`, answering the latencies of the requests that ended within them. */
async function drive(clients: Client[], seconds: number) {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async (c: Client) => {
    while (performance.now() < end) {
      const { url, init } = c.next();
      const t = performance.now();
      try {
        const r = await fetch(url, init);
        await r.arrayBuffer();
        if (r.status >= 400) failures++;
      } catch {
        failures++;
      }
      if (performance.now() <= end) latencies.push(performance.now() - t);
      const rest = c.paceMs ? t + c.paceMs - performance.now() : 0;
      if (rest > 0 && performance.now() + rest < end) await new Promise((r) => setTimeout(r, rest));
    }
  };
  await Promise.all(clients.map(loop));
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

/** Samples pg_stat_activity of one database until stopped: active backends, those waiting on a lock, and what they run. */
function sampler(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  let active = 0;
  let waiting = 0;
  const waits = new Map<string, number>();
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ wait: string | null; query: string }>(
        `select wait_event_type as wait, left(query, 120) as query from pg_stat_activity
         where datname = $1 and state = 'active' and pid <> pg_backend_pid()`,
        [database],
      );
      active += rows.length;
      for (const r of rows) {
        if (r.wait !== 'Lock') continue;
        waiting++;
        waits.set(r.query, (waits.get(r.query) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
    return { active, waiting, waits: [...waits].sort((a, b) => b[1] - a[1]).slice(0, 5) };
  };
}

export async function benchContention({ databaseUrl, dataDir, base }: Options) {
  const database = await openDatabase({ databaseUrl, pgliteDir: null });
  try {
    await seedLearningSkills({ db: database.db, files: createFileStore(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl })) });
    // The writers: teachers of the bench's school with the bench teacher's password, each co-teaching one class.
    await database.db.execute(sql`insert into app_user (username, email, password_hash, first_name, last_name, school_id)
      select 'bench-writer-' || g, 'writer' || g || '@example.org', u.password_hash, 'Writer', 'Number' || g, 1
      from generate_series(1, ${WRITERS}) g, app_user u where u.username = ${BENCH_USER.username}
      on conflict do nothing`);
    await database.db.execute(sql`insert into teaching_class_teacher (teaching_class_id, teacher_id)
      select (${sql.raw(`array[${WRITER_CLASSES.join(',')}]`)})[g], u.id from generate_series(1, ${WRITERS}) g
      join app_user u on u.username = 'bench-writer-' || g
      where not exists (select 1 from teaching_class_teacher t where t.teacher_id = u.id)`);
  } finally {
    await database.close();
  }
  const signIn = async (username: string) => {
    const r = await fetch(`${base}/api/public/v1/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: BENCH_USER.password }),
    });
    return ((await r.json()) as { token: string }).token;
  };
  const headers = (token: string) => ({
    authorization: `Bearer ${token}`,
    accept: 'application/ld+json',
    'content-type': 'application/ld+json',
  });
  const writers: Client[] = [];
  for (let i = 0; i < WRITERS; i++) {
    const token = await signIn(`bench-writer-${i + 1}`);
    const cls = WRITER_CLASSES[i]!;
    const skills = (await (
      await fetch(`${base}/api/auth/v1/teaching-class/${cls}/learning-skills`, { headers: headers(token) })
    ).json()) as {
      'hydra:member': { learningActions: { id: number }[] }[];
    };
    const actionId = skills['hydra:member'][0]?.learningActions[0]?.id;
    if (!actionId) throw new Error(`class ${cls} has no learning action to rate`);
    let n = 0;
    writers.push({
      next: () => ({
        url: `${base}/api/auth/v1/rating`,
        init: {
          method: 'POST',
          headers: headers(token),
          body: JSON.stringify({
            teachingClass: `/api/auth/v1/teaching-class/${cls}`,
            learningAction: `/api/auth/v1/learning-action/${actionId}`,
            date: '2026-10-05',
            points: 3,
            description: 'Counted to one hundred in fives.',
            students: [`/api/auth/v1/teaching-class-student/${(cls - 1) * 30 + 1 + (n++ % 30)}`],
          }),
        },
      }),
    });
  }
  const reader = await signIn(BENCH_USER.username);
  const readPaths = [`/api/auth/v1/teaching-class/${READ_CLASS}`, `/api/auth/v1/ratings?teachingClass.id=${READ_CLASS}&itemsPerPage=30`];
  const readers: Client[] = Array.from({ length: READERS }, (_, i) => {
    let n = i;
    return { next: () => ({ url: base + readPaths[n++ % readPaths.length]!, init: { headers: headers(reader) } }) };
  });
  const floor: Client[] = Array.from({ length: READERS }, () => ({
    next: () => ({ url: `${base}/api/auth/v1/health`, init: { headers: headers(reader) } }),
  }));

  const adminUrl = databaseUrl;
  const dbName = new URL(databaseUrl).pathname.slice(1);
  const waitsSeen: Record<string, [string, number][]> = {};
  const measure = async (name: string, measured: Client[], beside: Client[] = []) => {
    await drive([...measured, ...beside], WARMUP);
    const stop = sampler(adminUrl, dbName);
    const [r] = await Promise.all([drive(measured, SECONDS), beside.length ? drive(beside, SECONDS) : null]);
    const s = await stop();
    waitsSeen[name] = s.waits;
    const row: Row = {
      name,
      clients: measured.length,
      rps: Math.round(r.latencies.length / SECONDS),
      p50: percentile(r.latencies, 0.5),
      p99: percentile(r.latencies, 0.99),
      requests: r.latencies.length,
      failures: r.failures,
      lockShare: s.active ? Math.round((s.waiting / s.active) * 1000) / 1000 : null,
      activeSamples: s.active,
    };
    return row;
  };
  const rows = [
    await measure('floor (auth + select 1)', floor),
    await measure('ratings, 1 writer', writers.slice(0, 1)),
    await measure(`ratings, ${WRITERS} writers`, writers),
    await measure('class reads alone', readers),
    await measure(`class reads beside ${WRITERS} writers`, readers, writers),
    // What the writers take from any request by their CPU alone (the floor waits on no lock): the reads' share set
    // beside the floor's tells a lock from a busy machine.
    await measure(`floor beside ${WRITERS} writers`, floor, writers),
    await measure(
      `class reads beside ${WRITERS} teachers at ${Math.round(1000 / TEACHER_PACE_MS)}/s`,
      readers,
      writers.map((w) => ({ ...w, paceMs: TEACHER_PACE_MS })),
    ),
  ];
  const [floorAlone, one, many, alone, beside, floorBeside, besidePaced] = rows as [Row, Row, Row, Row, Row, Row, Row];
  const floorKept = Math.round((floorBeside.rps / floorAlone.rps) * 100) / 100;
  const readsKeptPaced = Math.round((besidePaced.rps / alone.rps) * 100) / 100;
  const writeScale = Math.round((many.rps / one.rps) * 100) / 100;
  const readsKept = Math.round((beside.rps / alone.rps) * 100) / 100;
  const lockShare = many.lockShare ?? 0;
  const met = {
    writeScale: writeScale >= TARGETS.writeScale,
    lockShare: lockShare < TARGETS.lockShare,
    readsKept: readsKeptPaced >= TARGETS.readsKept,
  };
  const failures = rows.reduce((n, r) => n + r.failures, 0);
  const ok = met.writeScale && met.lockShare && met.readsKept && failures === 0;

  console.info(
    `\ncontention: ${SECONDS} s each after ${WARMUP} s warm-up, PostgreSQL, Node ${process.version}, ${os.cpus().length} CPUs\n`,
  );
  console.info(
    `${'load'.padEnd(34)}${'clients'.padStart(8)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'lock waits'.padStart(12)}  failures`,
  );
  for (const r of rows) {
    const lock = r.lockShare === null ? '-' : `${Math.round(r.lockShare * 1000) / 10}%`;
    console.info(
      r.name.padEnd(34) +
        [r.clients, r.rps].map((x) => String(x).padStart(8)).join('') +
        [r.p50, r.p99].map((x) => String(x).padStart(9)).join('') +
        lock.padStart(12) +
        `  ${r.failures}`,
    );
  }
  for (const [name, waits] of Object.entries(waitsSeen))
    for (const [query, n] of waits) console.info(`  waiting on a lock (${name}, ${n} samples): ${query.replace(/\s+/g, ' ')}`);
  console.info(
    `\n${WRITERS} writers: ${writeScale}× one writer (target ≥ ${TARGETS.writeScale}×: ${met.writeScale ? 'met' : 'NOT met'}); ` +
      `lock waits ${Math.round(lockShare * 1000) / 10}% of samples ` +
      `(target < ${TARGETS.lockShare * 100}%: ${met.lockShare ? 'met' : 'NOT met'}); ` +
      `reads beside teachers rating at a classroom pace ${Math.round(readsKeptPaced * 100)}% of reads alone ` +
      `(target ≥ ${TARGETS.readsKept * 100}%: ${met.readsKept ? 'met' : 'NOT met'}); beside the ${WRITERS} closed loops ` +
      `${Math.round(readsKept * 100)}%, while the floor beside them keeps ${Math.round(floorKept * 100)}% of its pace alone; ` +
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')}`,
  );
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: 'postgres',
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    writers: WRITERS,
    readers: READERS,
    readPaths,
    targets: TARGETS,
    writeScale,
    lockShare,
    readsKept,
    readsKeptPaced,
    teacherPaceMs: TEACHER_PACE_MS,
    floorKept,
    met,
    ok,
    loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
    results: rows,
    lockWaits: waitsSeen,
  };
  fs.writeFileSync(path.join(import.meta.dirname, 'contention-results.json'), `${JSON.stringify(out, null, 2)}\n`);
  if (!ok) process.exitCode = 1;
  return out;
}
