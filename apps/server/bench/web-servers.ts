// The servers of `npm run bench:web`: the real server (its build, dist/main.js, production mode) on a free port, once
// with the demo data and the app's build, once with the floor's build; and the floor itself, built with Vite in the same run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { build } from 'vite';
import { serverEnv } from '../../../scripts/server-env.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Builds the floor (web-floor/) under /web/ as the app is built, with the .br and .gz copies the app's build writes beside each
 * text asset of 1 KB or more (apps/web/vite.config.ts), so that the server sends both the same way.
 */
export async function buildFloor(outDir: string) {
  await build({
    root: path.join(import.meta.dirname, 'web-floor'),
    base: '/web/',
    configFile: false,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(outDir, f));
  for (const f of files.filter((f) => /\.(js|css|html)$/.test(f) && fs.statSync(f).size >= 1024)) {
    const data = fs.readFileSync(f);
    fs.writeFileSync(
      `${f}.br`,
      await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
    );
    fs.writeFileSync(`${f}.gz`, await gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }));
  }
}

/**
 * The web app of another commit (`WEB_BENCH_BASELINE=<git ref>`), built into `outDir` so that the same run measures it beside
 * this one ("before and after" on the same host in the same minutes): a detached worktree of the ref, this checkout's
 * installed packages linked in, its own contract aliased, its own Vite config. The current server serves it, so the
 * comparison is of the web app's code (a contract change that the server's answers depend on would show as a failure).
 */
export async function buildBaseline(ref: string, outDir: string): Promise<{ commit: string }> {
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
    return r.stdout.trim();
  };
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-web-baseline-'));
  git('worktree', 'add', '--detach', '--force', tree, commit);
  try {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
    const webModules = path.join(root, 'apps/web/node_modules');
    if (fs.existsSync(webModules)) fs.symlinkSync(webModules, path.join(tree, 'apps/web/node_modules'));
    const web = path.join(tree, 'apps/web');
    await build({
      root: web,
      configFile: path.join(web, 'vite.config.ts'),
      logLevel: 'warn',
      resolve: { alias: [{ find: /^@skillroom\/contract$/, replacement: path.join(tree, 'packages/contract/src/index.ts') }] },
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    git('worktree', 'remove', '--force', tree);
  }
  return { commit };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    probe.on('error', reject);
  });
}

export interface Server {
  origin: string;
  stop(): Promise<void>;
}

/** The real server in production mode on a fresh data folder, as e2e/playwright.config.ts starts it; resolves once it answers. */
export async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `skillroom-web-bench-${name}-`));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...serverEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every Lighthouse run signs in afresh: about 50 sign-ins within a few minutes.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`the ${name} server exited before answering`);
    if (Date.now() > deadline) throw new Error(`the ${name} server did not answer within 180 s`);
    const ok = await fetch(`${origin}/api/public/v1/config`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => (fs.rmSync(dataDir, { recursive: true, force: true }), resolve());
        if (exited) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

export const DEMO_PASSWORD = 'skillroom-demo';

/** Signs a demo account in through the API: the token pair the app keeps in its BEARER and REFRESH_TOKEN cookies. */
export async function signIn(origin: string, username: string): Promise<{ token: string; refresh_token: string }> {
  const res = await fetch(`${origin}/api/public/v1/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status}`);
  return (await res.json()) as { token: string; refresh_token: string };
}

async function members<T>(origin: string, token: string, query: string): Promise<T[]> {
  const res = await fetch(`${origin}/api/auth/v1${query}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${query}: ${res.status}`);
  return ((await res.json()) as { 'hydra:member': T[] })['hydra:member'];
}

export interface DemoIds {
  class: number;
  className: string;
  photos: number;
  place: number;
  childPlace: number;
}

/** The teacher's own class with students and the most photos on its ratings, its first student, and the demo parent's child. */
export async function demoIds(origin: string): Promise<DemoIds> {
  const teacher = (await signIn(origin, 'teacher')).token;
  const classes = await members<{ id: number; name: string; numStudents: number }>(
    origin,
    teacher,
    '/teaching-classes?itemsPerPage=100&excludeCoteacherTeachingClasses=1',
  );
  let best: { id: number; name: string; photos: number } | null = null;
  for (const c of classes.filter((c) => c.numStudents > 0)) {
    const ratings = await members<{ medias?: unknown[] }>(origin, teacher, `/ratings?teachingClass.id=${c.id}&itemsPerPage=100`);
    const photos = ratings.reduce((n, r) => n + (r.medias?.length ?? 0), 0);
    if (!best || photos > best.photos) best = { id: c.id, name: c.name, photos };
  }
  if (!best) throw new Error('the demo teacher has no class with students');
  const places = await members<{ id: number }>(origin, teacher, `/teaching-class-students?teachingClass.id=${best.id}`);
  const children = await members<{ id: number }>(origin, (await signIn(origin, 'parent')).token, '/teaching-class-students');
  return { class: best.id, className: best.name, photos: best.photos, place: places[0]!.id, childPlace: children[0]!.id };
}
