// The benchmarks' database and server processes, shared by `npm run bench` and `npm run bench:cluster`.
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { serverEnv } from '../../../scripts/server-env.mjs';

export async function admin(url: string, statement: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** The real server (server.ts) in a child process on 127.0.0.1 and an ephemeral port; `env` adds to its settings. */
export function startServer(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(import.meta.dirname, 'server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    // Request logs off (warn level) so that the figures measure the API, not the terminal; the floor pays the same.
    env: {
      ...serverEnv(),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO: 'false',
      // The benchmarks sign in a dozen times within a minute (users, the parent, each part's own token).
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    // A server that does not start in time is stopped: left running, it would outlive the database dropped after.
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error('the server did not start within 120 s'))), 120_000);
    child.once('message', (m: { port: number }) => (clearTimeout(timer), resolve({ child, port: m.port })));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`the server exited with ${code}`))));
  });
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
