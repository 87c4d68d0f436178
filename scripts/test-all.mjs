// `npm test`: every layer in turn, each with its own count, and one closing line for CI.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const answers = (host, port) =>
  new Promise((resolve) => {
    const s = net.connect({ host, port });
    s.setTimeout(2000);
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });

/** Why the cluster test cannot run here (null when it can): it needs PostgreSQL, Redis and HAProxy. */
async function clusterMissing() {
  const haproxy = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
  if (!fs.existsSync(haproxy)) return `HAProxy is not installed (${haproxy})`;
  if (!(await answers('127.0.0.1', 5432))) return 'PostgreSQL does not answer at 127.0.0.1:5432';
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  if (!(await answers(redis.hostname, Number(redis.port || 6379)))) return `Redis does not answer at ${redis.host}`;
  return null;
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-test-report-'));
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, `${name}.json`)}`];
const steps = [
  // Lint and typecheck each keep one core busy; on CI's two they run side by side (`together`), output kept apart.
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'], together: true },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'], together: true },
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit', ...vitestJson('unit')], report: 'vitest' },
  {
    name: 'api (PGlite)',
    cmd: ['npx', 'vitest', 'run', '--project', 'api', ...vitestJson('api-pglite')],
    report: 'vitest',
    file: 'api-pglite',
  },
  {
    name: 'api (PostgreSQL)',
    cmd: ['node', 'scripts/with-postgres.mjs', 'npx', 'vitest', 'run', '--project', 'api', ...vitestJson('api-postgres')],
    report: 'vitest',
    file: 'api-postgres',
  },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'size', cmd: ['node', 'scripts/check-bundle-size.mjs'] },
  // Two instances behind HAProxy, one killed mid-run (apps/server/cluster/run.ts); it counts as one test.
  { name: 'cluster', cmd: ['npm', 'run', '--silent', 'test:cluster'], report: 'single', unless: clusterMissing },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    report: 'playwright',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'e2e.json') },
  },
];

/** Runs a command with its output collected, answering its exit status and the output. */
const collected = (cmd, env) =>
  new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(chunks).toString() }));
  });

const only = process.argv.slice(2);
const selected = steps.filter((step) => !only.length || only.some((o) => step.name.startsWith(o)));
// The steps run together start at once; each is then reported in its turn below, with its own time.
const early = new Map(
  selected.filter((s) => s.together).length > 1
    ? selected
        .filter((s) => s.together)
        .map((s) => {
          const started = Date.now();
          return [s, collected(s.cmd, s.env).then((r) => ({ ...r, seconds: (Date.now() - started) / 1000 }))];
        })
    : [],
);
const rows = [];
let failedSteps = 0;
for (const step of selected) {
  console.info(`\n▶ ${step.name}${early.has(step) ? ' (run alongside the others marked together)' : ''}`);
  const missing = step.unless ? await step.unless() : null;
  if (missing) {
    console.info(`skipped: ${missing}`);
    rows.push({ step: step.name, ok: true, seconds: 0, passed: 0, failed: 0, skipped: 1, note: missing });
    continue;
  }
  const started = Date.now();
  let r;
  if (early.has(step)) {
    r = await early.get(step);
    process.stdout.write(r.output);
  } else r = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = r.status === 0;
  if (!ok) failedSteps++;
  const seconds = r.seconds ?? (Date.now() - started) / 1000;
  const row = { step: step.name, ok, seconds: Math.round(seconds * 10) / 10, passed: 0, failed: 0, skipped: 0 };
  const file = path.join(out, `${step.file ?? step.name}.json`);
  if (step.report === 'vitest' && fs.existsSync(file)) {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    Object.assign(row, { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0) });
  } else if (step.report === 'single') {
    Object.assign(row, ok ? { passed: 1 } : { failed: 1 });
  } else if (step.report === 'playwright' && fs.existsSync(file)) {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    Object.assign(row, { passed: j.stats.expected + j.stats.flaky, failed: j.stats.unexpected, skipped: j.stats.skipped });
  }
  rows.push(row);
  if (!ok && process.env.CI) break;
}

console.info('\nSummary');
for (const r of rows)
  console.info(
    `  ${r.ok ? 'ok  ' : 'FAIL'} ${r.step.padEnd(18)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ` +
      `${String(r.skipped).padStart(3)} skipped  ${r.seconds}s${r.note ? ` (${r.note})` : ''}`,
  );
const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0) + (failedSteps && !rows.some((r) => r.failed) ? failedSteps : 0);
const skipped = rows.reduce((n, r) => n + r.skipped, 0);
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps ? 1 : 0);
