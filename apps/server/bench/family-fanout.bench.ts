// Part of `npm run bench` (BENCH_ONLY=family-fanout alone): a whole-class rating's notices (DESIGN §11, type 10) in a
// class of 30 children with 2 families each. The real server (bench/server.ts) on a fresh database bench_f_<random>;
// the 60 family members each hold one event stream. For each of WRITES whole-class ratings (after WARMUP unmeasured),
// the time from the write's answer to the moment the last of the 60 streams has its event, and from the write's start.
//
// Floor, in the same run and the same way: a round trip of GET /health (sign-in check and `select 1`) WRITES times,
// and the write's own answer time; the fan-out is read beside them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { TokenSigner } from '../src/plugins/auth';
import { createFileStore } from '../src/lib/file-store-factory';
import { loadConfig } from '../src/config';
import { seedLearningSkills } from '../src/seed/catalogue-skills';
import { admin, startServer, stopServer } from './bench-server';
import { percentile, stream } from './notifications.bench';

const WRITES = Number(process.env.BENCH_FANOUT_WRITES ?? 30);
const WARMUP = 3;
const STUDENTS = 30;
const FAMILIES_EACH = 2;
const TARGET_P99_MS = 1000;
const here = import.meta.dirname;
const API = '/api/auth/v1';

const round = (n: number) => Math.round(n * 10) / 10;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50Ms: round(percentile(s, 50)), p99Ms: round(percentile(s, 99)), maxMs: round(s[s.length - 1]!) };
};

export async function benchFamilyFanOut(adminUrl: string) {
  const name = `bench_f_${crypto.randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-bench-f-'));
  const secret = crypto.randomBytes(32).toString('hex');
  await admin(adminUrl, `create database ${name}`);
  let child: Awaited<ReturnType<typeof startServer>>['child'] | null = null;
  const streams: ReturnType<typeof stream>[] = [];
  try {
    const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
    const db = database.db;
    await seedLearningSkills({ db, files: createFileStore(loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir })) });
    await db.execute(sql`insert into app_user (username, email, password_hash, first_name, last_name)
      values ('bench-teacher', 'teacher@example.org', 'not-a-hash', 'Grace', 'Hopper')`);
    await db.execute(sql`insert into app_user
        (username, email, password_hash, first_name, last_name, account_type, privacy_policy_last_agreed)
      select 'family' || g, 'family' || g || '@example.org', 'not-a-hash', 'Parent', 'Number' || g, 'parent_user', now()
      from generate_series(1, ${STUDENTS * FAMILIES_EACH}) g`);
    await database.close();

    const server = await startServer(url, dataDir, { JWT_SECRET: secret, RATE_LIMIT_AUTH_PER_MINUTE: '1000000' });
    child = server.child;
    const base = `http://127.0.0.1:${server.port}`;
    const signer = new TokenSigner(secret);
    const token = (userId: number, username: string) => signer.sign({ userId, username, roles: ['ROLE_USER'] });
    const teacher = await token(1, 'bench-teacher');
    const call = async (method: string, pathname: string, body?: unknown) => {
      const res = await fetch(base + API + pathname, {
        method,
        headers: { authorization: `Bearer ${teacher}`, accept: 'application/ld+json', 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const cls = await call('POST', '/teaching-class', { name: 'Year 4 Maple', year: 2026, start: '2026-09-01', end: '2027-07-15' });
    for (let i = 1; i <= STUDENTS; i++)
      await call('POST', '/teaching-class-student', {
        teachingClass: `${API}/teaching-class/${cls.id}`,
        firstName: 'Child',
        lastName: `N${i}`,
      });
    // Family member g (ids 2…) of the ((g - 2) mod 30)th child: two families a child.
    await admin(
      url,
      `insert into student_profile_user (student_id, user_id, teaching_class_id, teaching_class_student_id, is_via_invitation)
       select p.student_id, u.id, p.teaching_class_id, p.id, true
       from (select *, row_number() over (order by id) - 1 n from teaching_class_student where teaching_class_id = ${Number(cls.id)}) p
       join app_user u on u.account_type = 'parent_user' and (u.id - 2) % ${STUDENTS} = p.n`,
    );
    const skills = (await call('GET', `/teaching-class/${cls.id}/learning-skills`)) as {
      'hydra:member': { learningActions: { id: number }[] }[];
    };
    const action = skills['hydra:member'][0]!.learningActions[0]!.id;

    // Each write's arrivals: how many of the streams have had its event, and when the last came.
    const listeners = STUDENTS * FAMILIES_EACH;
    let got = 0;
    let lastAt = 0;
    let allIn: (() => void) | null = null;
    const heard = (at: number) => {
      got++;
      lastAt = at;
      if (got === listeners) allIn?.();
    };
    for (let u = 2; u < 2 + listeners; u++)
      streams.push(stream(`${base}${API}/notifications/stream`, await token(u, `family${u - 1}`), heard));
    await Promise.all(streams.map((s) => s.opened));

    const health: number[] = [];
    for (let i = 0; i < WARMUP + WRITES; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${API}/health`, { headers: { authorization: `Bearer ${teacher}` } });
      await res.arrayBuffer();
      if (i >= WARMUP) health.push(performance.now() - t0);
    }
    const afterAnswer: number[] = [];
    const fromStart: number[] = [];
    const answer: number[] = [];
    let beforeAnswer = 0;
    for (let i = 0; i < WARMUP + WRITES; i++) {
      got = 0;
      const everyone = new Promise<void>((resolve, reject) => {
        allIn = resolve;
        setTimeout(() => reject(new Error(`write ${i}: ${got} of ${listeners} streams heard of it within 30 s`)), 30_000).unref();
      });
      const t0 = performance.now();
      await call('POST', '/rating', {
        teachingClass: `${API}/teaching-class/${cls.id}`,
        learningAction: `${API}/learning-action/${action}`,
        date: '2026-10-05',
        points: 3,
        description: `Whole class, write ${i}`,
        students: [],
      });
      const answered = performance.now();
      await everyone;
      if (i < WARMUP) continue;
      answer.push(answered - t0);
      // Every stream may have its event before the write's own answer is read (NOTIFY goes at commit): that counts as 0.
      if (lastAt <= answered) beforeAnswer++;
      afterAnswer.push(Math.max(0, lastAt - answered));
      fromStart.push(lastAt - t0);
    }
    const result = {
      writes: WRITES,
      streams: listeners,
      answerToLastEvent: stats(afterAnswer),
      writesWithEveryEventBeforeTheAnswer: beforeAnswer,
      writeStartToLastEvent: stats(fromStart),
      writeAnswer: stats(answer),
      floorHealth: stats(health),
    };
    const ok = result.answerToLastEvent.p99Ms <= TARGET_P99_MS;
    console.info(`
family notices: a whole-class rating, ${STUDENTS} children × ${FAMILIES_EACH} families = ${listeners} streams, ${WRITES} writes`);
    const line = (label: string, x: ReturnType<typeof stats>) =>
      console.info(`  ${label.padEnd(34)} p50 ${x.p50Ms} ms, p99 ${x.p99Ms} ms, max ${x.maxMs} ms`);
    line('write answered → last of 60 events', result.answerToLastEvent);
    console.info(`  (${beforeAnswer} of ${WRITES} writes: all 60 events in before the write's answer was read)`);
    line('write sent → last of 60 events', result.writeStartToLastEvent);
    line('the write itself (POST /rating)', result.writeAnswer);
    line('floor: GET /health round trip', result.floorHealth);
    console.info(`  target: p99 answer → last event ≤ ${TARGET_P99_MS} ms: ${ok ? 'met' : 'NOT met'}`);
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
      database: 'postgres',
      targets: { p99Ms: TARGET_P99_MS },
      ok,
      ...result,
    };
    fs.writeFileSync(path.join(here, 'family-fanout-results.json'), `${JSON.stringify(out, null, 2)}\n`);
    if (!ok) process.exitCode = 1;
    return out;
  } finally {
    for (const s of streams) s.close();
    if (child) await stopServer(child);
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: `node --import tsx apps/server/bench/family-fanout.bench.ts`.
if (process.argv[1] === import.meta.filename) {
  benchFamilyFanOut(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
