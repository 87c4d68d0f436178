// Part of `npm run bench` (called from run.ts with the running server): what `Idempotency-Key` costs a write.
// POST /rating (another class and student each time) is measured without the header and with a fresh key on every
// request (each then takes its key, runs, and keeps its answer: two more statements), beside the floor, after seeding
// the catalogue's skills (the bench classes have none, and a rating names one of their actions). Rounds take turns and
// the median of the rounds' costs (each round's pair back to back) is reported: the machine's other load comes and
// goes. `BENCH_ONLY=rating-writes` runs only these rows. Target: the key costs at most 10% of the requests per second.
// Each row also counts the CPU time per request of the server and of its database's backends, and the key's cost is
// given from those too: on a machine shared with other work they move far less than requests per second.
// Figures go to bench/rating-writes-results.json.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import { IDEMPOTENCY } from '@skillroom/contract';
import { openDatabase } from '../src/db/client';
import { loadConfig } from '../src/config';
import { createFileStore } from '../src/lib/file-store-factory';
import { seedLearningSkills } from '../src/seed/catalogue-skills';
import { databaseCpuSeconds, processCpuSeconds } from './cpu-time';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** At most this share of the requests per second may go to the key. */
const TARGET_COST = 0.1;
/** Rounds of each row, taking turns; the median round is reported. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Options {
  databaseUrl: string;
  dataDir: string;
  base: string;
  token: string;
  serverPid: number;
}

/** A row's failures, and its CPU milliseconds per request: the server's, and its database backends'. */
type Counts = { non2xx: number; errors: number; cpuMs: { server: number; database: number } };
type Row = { route: string; rps: number; p50: number; p99: number; requests: number } & Counts;

/** Whose CPU time a row counts: the server process and the backends of its database. */
type Meter = { pid: number; database: string };

async function measure(route: string, url: string, token: string, request: CannonRequest, seconds: number, meter: Meter): Promise<Row> {
  const server = processCpuSeconds(meter.pid);
  const database = databaseCpuSeconds(meter.database);
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    timeout: 10,
    headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json', 'content-type': 'application/ld+json' },
    requests: [request],
    duration: seconds,
  });
  const perRequest = (s: number) => Math.round((s * 1000 * 100) / Math.max(r.requests.total, 1)) / 100;
  return {
    route,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpuMs: {
      server: perRequest(processCpuSeconds(meter.pid) - server),
      database: perRequest(databaseCpuSeconds(meter.database) - database),
    },
  };
}

const middle = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The run whose requests per second are the median of the rounds (the machine's other load comes and goes). */
const median = (runs: Row[]) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;

export async function benchRatingWrites({ databaseUrl, dataDir, base, token, serverPid }: Options) {
  const meter: Meter = { pid: serverPid, database: new URL(databaseUrl).pathname.slice(1) };
  const database = await openDatabase({ databaseUrl, pgliteDir: null });
  try {
    await seedLearningSkills({ db: database.db, files: createFileStore(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl })) });
  } finally {
    await database.close();
  }
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const skills = (await (await fetch(`${base}/api/auth/v1/teaching-class/1/learning-skills`, auth)).json()) as {
    'hydra:member': { learningActions: { id: number }[] }[];
  };
  const actionId = skills['hydra:member'][0]?.learningActions[0]?.id;
  if (!actionId) throw new Error('class 1 has no learning action to rate');
  // As a school's teachers rate: each request another open class and one of its students (all of one teacher here),
  // so that the figure is the write's own cost, not a queue on one student's row.
  const open = Array.from({ length: 200 }, (_, i) => i + 1).filter((c) => c % 10 !== 0);
  let n = 0;
  const nextBody = () => {
    const cls = open[n % open.length]!;
    const place = (cls - 1) * 30 + 1 + (Math.floor(n++ / open.length) % 30);
    return JSON.stringify({
      teachingClass: `/api/auth/v1/teaching-class/${cls}`,
      learningAction: `/api/auth/v1/learning-action/${actionId}`,
      date: '2026-10-05',
      points: 3,
      description: 'Counted to one hundred in fives.',
      students: [`/api/auth/v1/teaching-class-student/${place}`],
    });
  };
  const post: CannonRequest = { method: 'POST', path: '/api/auth/v1/rating', setupRequest: (req) => ({ ...req, body: nextBody() }) };
  const keyed: CannonRequest = {
    ...post,
    // A fresh key per request: each is a first run, which is what the key costs (a replay writes nothing).
    setupRequest: (req) => ({ ...req, body: nextBody(), headers: { ...req.headers, [IDEMPOTENCY.header]: crypto.randomUUID() } }),
  };
  const health = { method: 'GET' as const, path: '/api/auth/v1/health' };
  for (const [url, request] of [
    [`${base}/api/auth/v1/health`, health],
    [base, post],
    [base, keyed],
  ] as const)
    await measure('warm-up', url, token, request, WARMUP, meter);
  // Rounds taking turns, so that a change in the machine's load falls on both sides rather than on one.
  const runs: Row[][] = [[], [], []];
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    runs[0]!.push(await measure('floor (auth + select 1)', `${base}/api/auth/v1/health`, token, health, SECONDS, meter));
    const pair = [
      () => measure('POST /rating', base, token, post, SECONDS, meter),
      () => measure('POST /rating + Idempotency-Key', base, token, keyed, SECONDS, meter),
    ];
    for (const i of round % 2 ? [1, 0] : [0, 1]) runs[i + 1]!.push(await pair[i]!());
    loads.push(Math.round(os.loadavg()[0]! * 10) / 10);
  }
  const rows = runs.map(median);
  const floor = rows[0]!.rps;
  // The cost of each round from its own pair, run back to back under the same load; the median of those is the figure.
  const costs = runs[1]!.map((plain, i) => Math.round((1 - runs[2]![i]!.rps / plain.rps) * 1000) / 10);
  const cost = middle(costs);
  // The same from CPU time per request (server and database): what the key takes of a machine that the writes keep
  // busy, a figure that the other load on a shared machine moves far less than requests per second.
  const cpu = (r: Row) => r.cpuMs.server + r.cpuMs.database;
  const cpuCosts = runs[1]!.map((plain, i) => Math.round((1 - cpu(plain) / cpu(runs[2]![i]!)) * 1000) / 10);
  const cpuCost = middle(cpuCosts);
  console.info(`\nwrites with and without Idempotency-Key: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, median round\n`);
  console.info(
    `${'route'.padEnd(32)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'% floor'.padStart(10)}` +
      `${'cpu ms'.padStart(9)}${'db ms'.padStart(8)}  errors`,
  );
  for (const r of rows) {
    const pct = `${Math.round((r.rps / floor) * 1000) / 10}%`;
    const figures = [r.rps, r.p50, r.p99].map((x) => String(x).padStart(9)).join('');
    const cpuFigures = `${String(r.cpuMs.server).padStart(9)}${String(r.cpuMs.database).padStart(8)}`;
    console.info(`${r.route.padEnd(32)}${figures}${pct.padStart(10)}${cpuFigures}  ${r.non2xx + r.errors}`);
  }
  const ok = cost <= TARGET_COST * 100 && rows.every((r) => r.non2xx === 0 && r.errors === 0);
  console.info(
    `\nthe key costs ${cost}% of POST /rating's requests per second, median of the rounds' ${costs.join(', ')}% ` +
      `(target: at most ${TARGET_COST * 100}%): ${ok ? 'met' : 'NOT met'}; load average ${loads.join(', ')}\n` +
      `in CPU time per request (server and database) the key costs ${cpuCost}%, median of the rounds' ${cpuCosts.join(', ')}%`,
  );
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: 'postgres',
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    rounds: ROUNDS,
    rpsPerRound: Object.fromEntries(runs.map((r) => [r[0]!.route, r.map((x) => x.rps)])),
    loadAverage: os.loadavg(),
    targetCost: TARGET_COST,
    costPercent: cost,
    costPercentPerRound: costs,
    cpuCostPercent: cpuCost,
    cpuCostPercentPerRound: cpuCosts,
    loadAveragePerRound: loads,
    ok,
    results: rows,
  };
  fs.writeFileSync(path.join(import.meta.dirname, 'rating-writes-results.json'), `${JSON.stringify(out, null, 2)}\n`);
  if (!ok) process.exitCode = 1;
}
