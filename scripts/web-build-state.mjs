// What the built web app was made from: `npm start` rebuilds only when this changed since the last build.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
export const webDist = path.join(repo, 'apps/web/dist');
/** Written into the build (last, once every file is in place); absent or different means "build again". */
export const stampName = '.sources-hash';
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];

function* files(p) {
  if (!fs.existsSync(p)) return;
  if (!fs.statSync(p).isDirectory()) return yield p;
  for (const e of fs.readdirSync(p, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    // Tests do not go into the bundle.
    if (/\.test\.tsx?$/.test(e.name)) continue;
    yield* files(path.join(p, e.name));
  }
}

/** A hash of the contents (not the times) of every build input: a fresh clone or a `touch` does not force a build. */
export function webSourcesHash(root = repo) {
  const h = crypto.createHash('sha256');
  for (const input of inputs)
    for (const f of files(path.join(root, input))) {
      h.update(path.relative(root, f)).update('\0').update(fs.readFileSync(f)).update('\0');
    }
  return h.digest('hex');
}

export function webBuildIsCurrent(root = repo) {
  const dist = path.join(root, 'apps/web/dist');
  try {
    return fs.existsSync(path.join(dist, 'index.html')) && fs.readFileSync(path.join(dist, stampName), 'utf8').trim() === webSourcesHash(root);
  } catch {
    return false;
  }
}
