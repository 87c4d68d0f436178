// `npm run bench:cluster`: the floor route and the class list on one instance and on two behind HAProxy, same run.
//
// The bench's seeded PostgreSQL database (200 classes × 30 students, seed.ts), two server processes sharing it and
// its secrets, and three ways in measured with autocannon (32 connections): instance A straight, HAProxy in front of
// A alone (what the proxy itself costs), and HAProxy round robin over A and B. The ratio that matters is two behind
// HAProxy against one behind HAProxy. On a machine with few cores the instances, PostgreSQL, HAProxy and autocannon
// share them, so the ratio says what a second instance buys here, not on separate machines. Writes
// cluster-results.json. BENCH_SECONDS (5 a round) and BENCH_WARMUP_SECONDS (3) as in `npm run bench`; BENCH_ROUNDS (3).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/client';
import { startHaproxy } from '../cluster/processes';
import { admin, startServer, stopServer } from './bench-server';
import { BENCH_USER, seedBench } from './seed';

const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Sample = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

const options = (url: string, token: string) => ({
  url,
  connections: CONNECTIONS,
  headers: { authorization: `Bearer ${token}`, accept: 'application/ld+json' },
  timeout: 10,
});

async function sample(url: string, token: string): Promise<Sample> {
  const r = await autocannon({ ...options(url, token), duration: SECONDS });
  return { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

/** The round with the median requests per second, with every round's figure beside it. */
function median(samples: Sample[]) {
  const sorted = [...samples].sort((a, b) => a.rps - b.rps);
  return { ...sorted[Math.floor(sorted.length / 2)]!, rounds: samples.map((s) => s.rps) };
}

/**
 * Each way in warmed up, then measured in ROUNDS interleaved rounds (one, one behind HAProxy, two behind HAProxy,
 * again…), so that a change in the machine's load while the run goes falls on all three alike; medians compared.
 */
async function compare(urls: [string, string, string], token: string) {
  for (const url of urls) await autocannon({ ...options(url, token), duration: WARMUP });
  const samples: Sample[][] = urls.map(() => []);
  for (let round = 0; round < ROUNDS; round++) for (const [i, url] of urls.entries()) samples[i]!.push(await sample(url, token));
  const [a, b, c] = samples.map(median);
  return [a!, b!, c!] as const;
}

async function main() {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-bench-cluster-'));
  const stops: (() => Promise<unknown>)[] = [];
  await admin(adminUrl, `create database ${name}`);
  try {
    const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
    await seedBench(database.db);
    await database.close();
    const env = { JWT_SECRET: crypto.randomBytes(32).toString('hex') };
    const dataDir = path.join(work, 'data');
    const a = await startServer(url, dataDir, env);
    stops.push(() => stopServer(a.child));
    const b = await startServer(url, dataDir, env);
    stops.push(() => stopServer(b.child));
    fs.mkdirSync(path.join(work, 'one'));
    fs.mkdirSync(path.join(work, 'two'));
    const one = await startHaproxy(path.join(work, 'one'), [{ name: 'a', port: a.port }]);
    stops.push(() => one.stop());
    const two = await startHaproxy(path.join(work, 'two'), [
      { name: 'a', port: a.port },
      { name: 'b', port: b.port },
    ]);
    stops.push(() => two.stop());

    const direct = `http://127.0.0.1:${a.port}`;
    const login = await fetch(`${direct}/api/public/v1/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_USER),
    });
    const { token } = (await login.json()) as { token: string };
    const routes = [
      { route: 'floor (auth + select 1)', path: '/api/auth/v1/health' },
      { route: 'class list', path: '/api/auth/v1/teaching-classes?page=1&itemsPerPage=10' },
    ];
    const results = [];
    for (const r of routes) {
      const [oneDirect, oneProxied, twoProxied] = await compare([direct + r.path, one.url + r.path, two.url + r.path], token);
      results.push({
        ...r,
        oneInstance: oneDirect,
        oneBehindHaproxy: oneProxied,
        twoBehindHaproxy: twoProxied,
        ratioTwoToOneBehindHaproxy: Math.round((twoProxied.rps / oneProxied.rps) * 100) / 100,
        ratioTwoToOneInstance: Math.round((twoProxied.rps / oneDirect.rps) * 100) / 100,
      });
    }
    console.info(
      `\n${CONNECTIONS} connections, medians of ${ROUNDS} rounds of ${SECONDS} s after ${WARMUP} s warm-up, ` +
        `Node ${process.version}, ${os.cpus().length} CPUs\n`,
    );
    console.info(
      `${'route'.padEnd(26)}${'one'.padStart(8)}${'one+HAProxy'.padStart(13)}${'two+HAProxy'.padStart(13)}${'ratio'.padStart(8)}`,
    );
    for (const r of results)
      console.info(
        r.route.padEnd(26) +
          String(r.oneInstance.rps).padStart(8) +
          String(r.oneBehindHaproxy.rps).padStart(13) +
          String(r.twoBehindHaproxy.rps).padStart(13) +
          String(r.ratioTwoToOneBehindHaproxy).padStart(8),
      );
    const failures = results.flatMap((r) => [r.oneInstance, r.oneBehindHaproxy, r.twoBehindHaproxy]).some((x) => x.non2xx || x.errors);
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      // What else the machine was doing: with a load well above its cores, figures compare only within the run.
      loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmupSeconds: WARMUP,
      rounds: ROUNDS,
      results,
    };
    const file = path.join(import.meta.dirname, 'cluster-results.json');
    fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.info(`written to ${path.relative(process.cwd(), file)}`);
    if (failures) {
      console.error('some requests failed (non-2xx or errors): see the file');
      process.exitCode = 1;
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch((e: unknown) => console.error('stop:', e));
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
