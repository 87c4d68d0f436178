// Part of `npm run bench`: live notifications across two instances on one PostgreSQL.
//
// Two real servers (bench/server.ts) share a fresh database bench_n_<random>, its data folder and JWT secret, as
// behind a load balancer. Latency: a teacher asks to join a class through instance 1 (a POST that writes the request
// and its notification), and the time until the class creator's stream on instance 2 receives the event is measured,
// ITERATIONS times in turn (the creator rejects between two, unmeasured). Memory: instance 2's resident memory idle,
// then with STREAMS open streams (20 users' worth of tabs each 20… spread over STREAMS / 20 users).
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { TokenSigner } from '../src/plugins/auth';
import { admin } from './bench-server';

const ITERATIONS = Number(process.env.BENCH_NOTIFY_ITERATIONS ?? 300);
const WARMUP = 20;
const STREAMS = 1000;
const PER_USER = 20;
const TARGET_P99_MS = 1000;
const TARGET_MEMORY_MB = 100;
const here = import.meta.dirname;
const API = '/api/auth/v1';

interface Instance {
  child: ChildProcess;
  base: string;
  memory: () => Promise<NodeJS.MemoryUsage>;
}

function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const memory = () =>
    new Promise<NodeJS.MemoryUsage>((resolve) => {
      const on = (m: { memory?: NodeJS.MemoryUsage }) => {
        if (!m.memory) return;
        child.off('message', on);
        resolve(m.memory);
      };
      child.on('message', on);
      child.send('memory');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.once('message', (m: { port: number }) => (clearTimeout(timer), resolve({ child, base: `http://127.0.0.1:${m.port}`, memory })));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`the server exited with ${code}`))));
  });
}

/** An open event stream: resolves when it is open; `onEvent` hears each notification event, with when it arrived. */
export function stream(url: string, token: string, onEvent: (at: number) => void = () => {}) {
  let req!: http.ClientRequest;
  const opened = new Promise<void>((resolve, reject) => {
    req = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const at = performance.now();
        for (let i = chunk.indexOf('event: notification'); i !== -1; i = chunk.indexOf('event: notification', i + 1)) onEvent(at);
      });
      resolve();
    });
    req.on('error', reject);
  });
  return { opened, close: () => req.destroy() };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export async function benchNotifications(adminUrl: string) {
  const name = `bench_n_${crypto.randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-bench-n-'));
  const secret = crypto.randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  await admin(adminUrl, `create database ${name}`);
  try {
    const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
    const users = STREAMS / PER_USER + 2;
    await database.db.execute(sql`insert into app_user (username, email, password_hash, first_name, last_name)
      select 'u' || g, 'u' || g || '@example.org', 'not-a-hash', 'User', 'Number' || g from generate_series(1, ${users}) g`);
    await database.db.execute(
      sql`insert into teaching_class (name, invitation_code, year, start, "end", creator_id)
        values ('Bench class', 'BENCHN01', 2026, '2026-09-01', '2027-07-15', 1)`,
    );
    await database.close();

    const env = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      LOG_LEVEL: 'warn',
      DEMO: 'false',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    };
    instances.push(await startInstance(env), await startInstance(env));
    const [one, two] = instances as [Instance, Instance];
    const signer = new TokenSigner(secret);
    const token = (userId: number) => signer.sign({ userId, username: `u${userId}`, roles: ['ROLE_USER'] });
    const [owner, requester] = [await token(1), await token(2)];
    const post = async (pathname: string, t: string, body?: unknown) => {
      const res = await fetch(one.base + API + pathname, {
        method: 'POST',
        headers: { authorization: `Bearer ${t}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${pathname} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { id: number };
    };

    // Latency: write on instance 1, event on instance 2.
    let arrived: (() => void) | null = null;
    const ownerStream = stream(two.base + API + '/notifications/stream', owner, () => arrived?.());
    await ownerStream.opened;
    const times: number[] = [];
    for (let i = 0; i < WARMUP + ITERATIONS; i++) {
      const event = new Promise<void>((resolve) => (arrived = resolve));
      const t0 = performance.now();
      const { id } = await post('/teaching-class-teacher-invitation', requester, { invitationCode: 'BENCHN01' });
      await event;
      if (i >= WARMUP) times.push(performance.now() - t0);
      await post(`/teaching-class-teacher-invitation/${id}/reject`, owner);
    }
    ownerStream.close();
    times.sort((a, b) => a - b);
    const latency = {
      iterations: ITERATIONS,
      medianMs: round(percentile(times, 50), 2),
      p99Ms: round(percentile(times, 99), 2),
      maxMs: round(times[times.length - 1]!, 2),
    };

    // Memory: instance 2 idle, then with STREAMS open streams.
    await new Promise((r) => setTimeout(r, 500));
    const idle = await two.memory();
    const open: ReturnType<typeof stream>[] = [];
    for (let u = 3; u < 3 + STREAMS / PER_USER; u++) {
      const t = await token(u);
      for (let k = 0; k < PER_USER; k++) open.push(stream(two.base + API + '/notifications/stream', t));
    }
    await Promise.all(open.map((s) => s.opened));
    await new Promise((r) => setTimeout(r, 500));
    const loaded = await two.memory();
    for (const s of open) s.close();
    const mb = (b: number) => round(b / 1024 / 1024);
    const memory = {
      streams: open.length,
      idleRssMb: mb(idle.rss),
      rssMb: mb(loaded.rss),
      rssOverIdleMb: mb(loaded.rss - idle.rss),
      heapOverIdleMb: mb(loaded.heapUsed - idle.heapUsed),
    };

    const ok = latency.p99Ms <= TARGET_P99_MS && memory.rssOverIdleMb <= TARGET_MEMORY_MB;
    console.info(`\nnotifications, two instances on one PostgreSQL (${ITERATIONS} writes on instance 1, events on a stream of instance 2)`);
    console.info(
      `  write → event: median ${latency.medianMs} ms, p99 ${latency.p99Ms} ms, max ${latency.maxMs} ms (target p99 ≤ ${TARGET_P99_MS} ms)`,
    );
    console.info(
      `  ${memory.streams} open streams: ${memory.rssOverIdleMb} MB resident over idle (${memory.idleRssMb} → ${memory.rssMb} MB), ` +
        `heap +${memory.heapOverIdleMb} MB (target ≤ ${TARGET_MEMORY_MB} MB)`,
    );
    console.info(`  target: ${ok ? 'met' : 'NOT met'}`);
    const out = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      database: 'postgres',
      targets: { p99Ms: TARGET_P99_MS, memoryMb: TARGET_MEMORY_MB },
      ok,
      latency,
      memory,
    };
    fs.writeFileSync(path.join(here, 'notifications-results.json'), `${JSON.stringify(out, null, 2)}\n`);
    if (!ok) process.exitCode = 1;
    return out;
  } finally {
    for (const i of instances) {
      if (i.child.exitCode !== null) continue;
      const exited = new Promise((r) => i.child.once('exit', r));
      i.child.kill('SIGTERM');
      await exited;
    }
    await admin(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// Alone: `node --import tsx apps/server/bench/notifications.bench.ts`.
if (process.argv[1] === import.meta.filename) {
  benchNotifications(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
