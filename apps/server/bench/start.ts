// `npm run bench:start` (issue 18): how long a second start of the built server takes on an existing data folder (the
// embedded database, demo data in place), and its resident memory once ready, beside a floor measured in the same run:
// a bare Node HTTP server started the same way. The TypeScript-loader start is measured too, for the comparison.
// Results in start-results.json with the machine's load. BENCH_START_RUNS (default 5) sets the runs per kind.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './web-servers';

const root = path.resolve(import.meta.dirname, '../../..');
const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const FLOOR = "require('http').createServer((q,s)=>s.end('{}')).listen(+process.env.PORT,'127.0.0.1')";

interface Start {
  ms: number;
  rssMiB: number;
}

/** Spawns a server, times it until GET url answers 200, reads its RSS, and stops it. */
async function timeStart(args: string[], env: Record<string, string>, pathname: string): Promise<Start> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}${pathname}`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = Math.round(performance.now() - t0);
    // Once ready (the job queue starts right after listening), its memory settles.
    await new Promise((r) => setTimeout(r, 1500));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssMiB = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
    return { ms, rssMiB };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const summary = (runs: Start[]) => ({
  medianMs: median(runs.map((r) => r.ms)),
  rangeMs: [Math.min(...runs.map((r) => r.ms)), Math.max(...runs.map((r) => r.ms))],
  medianRssMiB: median(runs.map((r) => r.rssMiB)),
});

const { buildServer, serverBuildIsCurrent } = (await import(path.join(root, 'scripts/server-build.mjs'))) as {
  buildServer: () => Promise<void>;
  serverBuildIsCurrent: () => boolean;
};
if (!serverBuildIsCurrent()) await buildServer();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-start-bench-'));
const env = { DATA_DIR: dataDir, DEMO: 'true', LOG_LEVEL: 'warn', NODE_ENV: 'production' };
const compiled = ['apps/server/dist/main.js'];
const loader = ['--import', 'tsx', 'apps/server/src/main.ts'];
try {
  const first = await timeStart(compiled, env, '/api/public/v1/config');
  const kinds: Record<string, Start[]> = { floor: [], compiled: [], loader: [] };
  for (let i = 0; i < RUNS; i++) {
    kinds.floor!.push(await timeStart(['-e', FLOOR], {}, '/'));
    kinds.compiled!.push(await timeStart(compiled, env, '/api/public/v1/config'));
    kinds.loader!.push(await timeStart(loader, env, '/api/public/v1/config'));
  }
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    runs: RUNS,
    firstStartMs: first.ms,
    floor: summary(kinds.floor!),
    compiled: summary(kinds.compiled!),
    loader: summary(kinds.loader!),
    target: 'second start of the compiled server within 2000 ms',
  };
  console.info(JSON.stringify(out, null, 2));
  fs.writeFileSync(path.join(import.meta.dirname, 'start-results.json'), `${JSON.stringify(out, null, 2)}\n`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
