// The server as production runs it (DESIGN §10): one bundled JavaScript file per entry, built by esbuild from the
// TypeScript sources and the shared contract, so that a start loads plain JavaScript instead of compiling through a
// loader. Packages in node_modules stay outside the bundle (native parts, WebAssembly and files found next to their
// code: sharp, argon2, PGlite); the files the server reads beside its code (locales, migrations) are copied next to it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const server = path.join(repo, 'apps/server');
export const serverDist = path.join(server, 'dist');
const stampFile = path.join(serverDist, '.sources-hash');
const inputs = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];
/** What the built code reads beside itself at run time (resolved from import.meta.dirname in the sources). */
const besides = [
  ['apps/server/src/modules/translations/locales', 'locales'],
  ['apps/server/src/db/migrations', 'migrations'],
];

function* files(p) {
  if (!fs.existsSync(p)) return;
  if (!fs.statSync(p).isDirectory()) return yield p;
  for (const e of fs.readdirSync(p, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (/\.test\.ts$/.test(e.name)) continue;
    yield* files(path.join(p, e.name));
  }
}

/** A hash of the contents of every input, so a fresh clone or a `touch` does not force a build. */
function sourcesHash() {
  const h = crypto.createHash('sha256');
  for (const input of inputs)
    for (const f of files(path.join(repo, input))) h.update(path.relative(repo, f)).update('\0').update(fs.readFileSync(f));
  return h.digest('hex');
}

export function serverBuildIsCurrent() {
  try {
    return fs.existsSync(path.join(serverDist, 'main.js')) && fs.readFileSync(stampFile, 'utf8').trim() === sourcesHash();
  } catch {
    return false;
  }
}

/** Only the workspace's own packages go into the bundle; every other bare import is loaded from node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@skillroom/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const { build } = await import('esbuild');
  const tmp = `${serverDist}.tmp-${process.pid}`;
  fs.rmSync(tmp, { recursive: true, force: true });
  await build({
    // The heavy work's worker thread is an entry of its own (lib/worker-pool.ts starts dist/heavy.worker.js).
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      admin: path.join(server, 'src/cli/admin.ts'),
      'heavy.worker': path.join(server, 'src/heavy.worker.ts'),
    },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  for (const [from, to] of besides) fs.cpSync(path.join(repo, from), path.join(tmp, to), { recursive: true });
  fs.writeFileSync(path.join(tmp, '.sources-hash'), sourcesHash());
  // Swapped in whole, so that a server starting meanwhile never reads half a build.
  fs.rmSync(serverDist, { recursive: true, force: true });
  fs.renameSync(tmp, serverDist);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  if (process.argv.includes('--if-changed') && serverBuildIsCurrent())
    console.info('Server is up to date with its sources: no build needed.');
  else {
    const t = performance.now();
    await buildServer();
    console.info(`Server built in ${Math.round(performance.now() - t)} ms.`);
  }
}
