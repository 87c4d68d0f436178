// Runs a command with TEST_DATABASE_URL set to the local PostgreSQL, when one answers.
// On a machine without PostgreSQL it says so and succeeds: the PGlite run already covered the API.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { hostname, port } = new URL(url);
const reachable = await new Promise((resolve) => {
  const s = net.connect({ host: hostname, port: Number(port || 5432) });
  s.setTimeout(2000);
  s.on('connect', () => (s.destroy(), resolve(true)));
  s.on('error', () => resolve(false));
  s.on('timeout', () => (s.destroy(), resolve(false)));
});
if (!reachable) {
  console.info(`PostgreSQL is not reachable at ${hostname}:${port || 5432}; API tests on PostgreSQL skipped.`);
  process.exit(process.env.CI ? 1 : 0);
}
const [cmd, ...args] = process.argv.slice(2);
const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url }, shell: process.platform === 'win32' });
process.exit(r.status ?? 1);
