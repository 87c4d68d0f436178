// `npm test`: every layer in turn, each with its own count, and one closing line for CI.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-test-report-'));
const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, `${name}.json`)}`];
const steps = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'unit', cmd: ['npx', 'vitest', 'run', '--project', 'unit', ...vitestJson('unit')], report: 'vitest' },
  { name: 'api (PGlite)', cmd: ['npx', 'vitest', 'run', '--project', 'api', ...vitestJson('api-pglite')], report: 'vitest', file: 'api-pglite' },
  {
    name: 'api (PostgreSQL)',
    cmd: ['node', 'scripts/with-postgres.mjs', 'npx', 'vitest', 'run', '--project', 'api', ...vitestJson('api-postgres')],
    report: 'vitest',
    file: 'api-postgres',
  },
  { name: 'build', cmd: ['npm', 'run', '--silent', 'build'] },
  { name: 'size', cmd: ['node', 'scripts/check-bundle-size.mjs'] },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    report: 'playwright',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'e2e.json') },
  },
];

const only = process.argv.slice(2);
const rows = [];
let failedSteps = 0;
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.startsWith(o))) continue;
  console.info(`\n▶ ${step.name}`);
  const started = Date.now();
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = r.status === 0;
  if (!ok) failedSteps++;
  const row = { step: step.name, ok, seconds: Math.round((Date.now() - started) / 100) / 10, passed: 0, failed: 0, skipped: 0 };
  const file = path.join(out, `${step.file ?? step.name}.json`);
  if (step.report === 'vitest' && fs.existsSync(file)) {
    const j = JSON.parse(fs.readFileSync(file, 'utf8'));
    Object.assign(row, { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0) });
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
    `  ${r.ok ? 'ok  ' : 'FAIL'} ${r.step.padEnd(18)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped  ${r.seconds}s`,
  );
const passed = rows.reduce((n, r) => n + r.passed, 0);
const failed = rows.reduce((n, r) => n + r.failed, 0) + (failedSteps && !rows.some((r) => r.failed) ? failedSteps : 0);
const skipped = rows.reduce((n, r) => n + r.skipped, 0);
console.info(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps ? 1 : 0);
