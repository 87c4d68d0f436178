// `npm start`: build the web app and the server only when their sources changed since their last build, then run the
// server's built JavaScript (DESIGN §10: production runs compiled code, not a TypeScript loader).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServer, serverBuildIsCurrent } from './server-build.mjs';
import { serverEnv } from './server-env.mjs';
import { webBuildIsCurrent } from './web-build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (webBuildIsCurrent()) {
  console.info('Web app is up to date with its sources: no build needed.');
} else {
  console.info('Building the web app (its sources changed, or it was never built)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!serverBuildIsCurrent()) {
  console.info('Building the server (its sources changed, or it was never built)…');
  await buildServer();
}
// The server is a child so that Ctrl-C and SIGTERM reach it and its exit code is ours; source maps name the
// TypeScript lines in the stack traces of its logs.
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
