// `npm start`: build the web app only when its sources changed since the last build, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { webBuildIsCurrent } from './web-build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (webBuildIsCurrent()) {
  console.info('Web app is up to date with its sources: no build needed.');
} else {
  console.info('Building the web app (its sources changed, or it was never built)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server is a child so that Ctrl-C and SIGTERM reach it and its exit code is ours.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
