// Part of `npm run bench` (called from run.ts with the running server; alone with BENCH_ONLY=heavy-work): the floor
// route's latency while hostile heavy work runs (issue 33). Four teachers keep one job each going for the whole
// measurement: a CSV of nearly 2 MB of commas, 2 MB of pasted newlines, an xlsx bomb (a part whose header says 1 KB and
// which inflates to BENCH_BOMB_MB of zeros) and the family letters of a class of 1,000 students. The floor
// (auth + select 1) is measured alone and beside them, in turns, BENCH_HEAVY_ROUNDS times; the median p99 of each is
// kept. Target: the floor's p99 beside the heavy work within 3x its p99 alone, and under 100 ms. Written to
// bench/heavy-work-results.json under BENCH_HEAVY_LABEL (default "current"), beside the figures of other labels.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROSTER_IMPORT_LIMITS } from '@skillroom/contract';
import { workbookBomb } from '../test/zip-bombs';

const CONNECTIONS = 4;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_HEAVY_ROUNDS ?? 3);
const BOMB_MB = Number(process.env.BENCH_BOMB_MB ?? 512);
const LABEL = process.env.BENCH_HEAVY_LABEL ?? 'current';
const RATIO_TARGET = 3;
const P99_TARGET_MS = 100;
const LETTER_STUDENTS = 1000;
const API = '/api/auth/v1';
const FLOOR = `${API}/health`;
const here = import.meta.dirname;
const json = { 'content-type': 'application/json' };

async function teacher(base: string, n: number) {
  const username = `heavy-${n}-${Date.now()}`;
  const plainPassword = 'bench heavy work password';
  const made = await fetch(`${base}/api/public/v1/user`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      username,
      email: `${username}@bench.local`,
      plainPassword,
      firstName: 'Heavy',
      lastName: `Worker ${n}`,
      accountTypeRadio: 'teacher',
      preferredLanguage: 'en',
    }),
  });
  if (made.status !== 201) throw new Error(`sign-up answered ${made.status}`);
  const login = await fetch(`${base}/api/public/v1/login_check`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: plainPassword }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const body = { name: `Heavy ${n}`, year: 2026, start: '2026-09-01', end: '2027-07-15', grade: '4', term: 'Autumn' };
  const cls = await fetch(`${base}${API}/teaching-class`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { token, classId: ((await cls.json()) as { id: number }).id };
}

type Job = () => Promise<number>;

const fileImport =
  (base: string, t: { token: string; classId: number }, file: Buffer, name: string): Job =>
  async () => {
    const form = new FormData();
    form.set('teachingClass', String(t.classId));
    form.set('dryRun', 'true');
    form.set('file', new Blob([file]), name);
    const res = await fetch(`${base}${API}/teaching-class-student/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.token}` },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  };

const textImport =
  (base: string, t: { token: string; classId: number }, text: string, dryRun = true): Job =>
  async () => {
    const res = await fetch(`${base}${API}/teaching-class-student/import`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${t.token}` },
      body: JSON.stringify({ teachingClass: t.classId, text, dryRun }),
    });
    await res.arrayBuffer();
    return res.status;
  };

const letters =
  (base: string, t: { token: string; classId: number }): Job =>
  async () => {
    const res = await fetch(`${base}${API}/family-letters/class/${t.classId}`, { headers: { authorization: `Bearer ${t.token}` } });
    await res.arrayBuffer();
    return res.status;
  };

/** Each job run again and again until `stop`; what each answered and how long it took. */
function loop(name: string, job: Job, stop: { done: boolean }) {
  const runs: { status: number; ms: number }[] = [];
  const running = (async () => {
    while (!stop.done) {
      const t = performance.now();
      const status = await job().catch(() => 0);
      runs.push({ status, ms: performance.now() - t });
    }
  })();
  return { name, runs, running };
}

/** A request that waits longer than this counts as this long (autocannon leaves unanswered requests out of its latencies). */
const TIMEOUT_S = 5;

async function floor(base: string, token: string) {
  const r = await autocannon({
    url: base + FLOOR,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
    timeout: TIMEOUT_S,
  });
  const timeouts = r.timeouts + r.errors;
  // A stalled server answers nothing: its p99 is then the timeout, not autocannon's 0 of no answers.
  const stalled = timeouts > 0.01 * (r.requests.total + timeouts) || r.requests.total === 0;
  return {
    requests: r.requests.total,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: stalled ? Math.max(r.latency.p99, TIMEOUT_S * 1000) : r.latency.p99,
    max: r.latency.max,
    non2xx: r.non2xx,
    timeouts,
  };
}

const median = <T>(xs: T[], key: (x: T) => number) => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)]!;

export async function benchHeavyWork({ base }: { base: string }) {
  const [a, b, c, d] = await Promise.all([0, 1, 2, 3].map((n) => teacher(base, n)));
  const names = Array.from({ length: LETTER_STUDENTS }, (_, i) => `Pupil${i} Family${i}`).join('\n');
  if ((await textImport(base, d!, names, false)()) !== 201) throw new Error('the letters class could not be filled');
  const commas = Buffer.from(`Name\n${','.repeat(ROSTER_IMPORT_LIMITS.maxBytes - 100)}\n`);
  const newlines = `Name\n${'\n'.repeat(ROSTER_IMPORT_LIMITS.maxBytes - 100)}`;
  const bomb = await workbookBomb(BOMB_MB * 1024 * 1024, 1024);
  const jobs: [string, Job][] = [
    ['CSV of commas', fileImport(base, a!, commas, 'commas.csv')],
    ['pasted newlines', textImport(base, b!, newlines)],
    ['xlsx bomb', fileImport(base, c!, bomb, 'bomb.xlsx')],
    [`letters of ${LETTER_STUDENTS}`, letters(base, d!)],
  ];
  const token = a!.token;
  await autocannon({ url: base + FLOOR, connections: CONNECTIONS, duration: 2, headers: { authorization: `Bearer ${token}` } });
  const alone: Awaited<ReturnType<typeof floor>>[] = [];
  const beside: Awaited<ReturnType<typeof floor>>[] = [];
  const loops: ReturnType<typeof loop>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    alone.push(await floor(base, token));
    const stop = { done: false };
    const started = jobs.map(([name, job]) => loop(name, job, stop));
    // The jobs under way before the floor is measured beside them.
    await new Promise((r) => setTimeout(r, 1000));
    beside.push(await floor(base, token));
    stop.done = true;
    await Promise.all(started.map((l) => l.running));
    loops.push(...started);
  }
  const floorAlone = median(alone, (r) => r.p99);
  const floorBeside = median(beside, (r) => r.p99);
  const heavy = jobs.map(([name]) => {
    const runs = loops.filter((l) => l.name === name).flatMap((l) => l.runs);
    const statuses: Record<string, number> = {};
    for (const r of runs) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return { name, runs: runs.length, statuses, medianMs: runs.length ? Math.round(median(runs, (r) => r.ms).ms) : null };
  });
  const ratio = Math.round((floorBeside.p99 / Math.max(1, floorAlone.p99)) * 10) / 10;
  const ok = floorBeside.p99 <= RATIO_TARGET * Math.max(1, floorAlone.p99) && floorBeside.p99 < P99_TARGET_MS;
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
    database: 'postgres',
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    bombMb: BOMB_MB,
    floorAlone,
    floorBeside,
    p99PerRound: { alone: alone.map((r) => r.p99), beside: beside.map((r) => r.p99) },
    ratio,
    target: `p99 beside within ${RATIO_TARGET}x alone and under ${P99_TARGET_MS} ms`,
    ok,
    heavy,
  };
  console.info(
    `\nfloor p99 alone ${floorAlone.p99} ms, beside heavy work ${floorBeside.p99} ms (x${ratio}); ` +
      `target within ${RATIO_TARGET}x and under ${P99_TARGET_MS} ms: ${ok ? 'met' : 'NOT met'}`,
  );
  for (const h of heavy) console.info(`  ${h.name}: ${h.runs} runs, median ${h.medianMs} ms, ${JSON.stringify(h.statuses)}`);
  const file = path.join(here, 'heavy-work-results.json');
  const kept = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  fs.writeFileSync(file, `${JSON.stringify({ ...kept, [LABEL]: out }, null, 2)}\n`);
  if (!ok) process.exitCode = 1;
}
