// The web app's first load in bytes on the wire (the .gz the build wrote; brotli is smaller still), checked against
// budgets so that it cannot grow unnoticed. Part of `npm test` (after the build) and `npm run bench`.
import fs from 'node:fs';
import path from 'node:path';
import { webDist } from './web-build-state.mjs';

const KB = 1024;
/** What every screen loads before its own code (index.html's entry, its static imports and the CSS). */
// 121 KB since the children's-record work (issue 14) added the privacy gate and account deletion to the shell; the
// capture work (issue 15: service worker registration, the outbox count, focus rules) filled it and added a KB to the
// first screens. Bringing a whole class in and the meeting reports (issues 16, 17) grew the one stylesheet every screen
// loads (Tailwind's utilities of every screen) by about a KB, after chunks named by hash and preload lists without the
// entry's own chunks had taken a KB off the entry's script. 105 KB since the performance work (issue 19): the declarative router
// instead of the data router (-16.6 KB, 121 -> 104.7 KB), and no zod in the signed-in shell (the dashboard 188 -> 147 KB).
const ENTRY_BUDGET = 105 * KB;
// The ICU parser arrives with the translations, before the first screen shows.
const PARSER = '../../node_modules/@formatjs/icu-messageformat-parser/lib/index.js';
/**
 * First screens: the entry plus the layout, the screen and what they import, before any data arrives. Their budgets
 * leave room for what is planned on them (the header bell, the join and link forms), not for growth unnoticed.
 */
const SCREENS = {
  'sign-in': { budget: 133 * KB, modules: ['src/app/shell/public-layout.tsx', 'src/features/auth/routes/sign-in-route.tsx', PARSER] },
  dashboard: {
    // 151 KB: the outbox's one write per observation and the classes' abilities (issue 34) added 1.9 KB, the first week's
    // fixes (issue 36: the browser's language, the undo shortcut, the contract's name order and school year) 0.4 KB; the
    // first-load renovation (issue 35: a server-rendered first screen, the contract's subpath exports) is to take it back.
    budget: 151 * KB,
    modules: [
      'src/app/shell/app-shell.tsx',
      'src/app/dashboard-route.tsx',
      'src/features/classes/routes/class-list-route.tsx',
      PARSER,
      'src/lib/toasts.tsx',
    ],
  },
};

export function measure(dist = webDist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const size = (file) => {
    const gz = path.join(dist, `${file}.gz`);
    // Files under the compression floor travel as they are.
    return fs.statSync(fs.existsSync(gz) ? gz : path.join(dist, file)).size;
  };
  const closure = (keys, seen = new Set()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest (renamed? update scripts/check-bundle-size.mjs)`);
      if (seen.has(chunk.file)) continue;
      seen.add(chunk.file);
      for (const css of chunk.css ?? []) seen.add(css);
      closure(chunk.imports ?? [], seen);
    }
    return seen;
  };
  const total = (files) => [...files].reduce((n, f) => n + size(f), 0);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const entry = closure([entryKey]);
  const rows = [{ name: 'entry (every screen)', bytes: total(entry), budget: ENTRY_BUDGET, files: entry.size }];
  for (const [name, s] of Object.entries(SCREENS)) {
    const files = closure(s.modules, new Set(entry));
    rows.push({ name: `first screen: ${name}`, bytes: total(files), budget: s.budget, files: files.size });
  }
  return rows;
}

/**
 * The entry's own imports that index.html does not name in a modulepreload link. Without the link the browser finds them
 * only once the entry has arrived and been parsed: one more round trip on every first load (150 ms on Lighthouse's phone).
 */
export function missingPreloads(dist = webDist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const preloaded = new Set([...html.matchAll(/<link rel="modulepreload"[^>]* href="\/web\/([^"]+)"/g)].map((m) => m[1]));
  const entry = Object.values(manifest).find((c) => c.isEntry);
  return (entry.imports ?? []).map((key) => manifest[key].file).filter((file) => !preloaded.has(file));
}

const importsOf = (dist, file) =>
  [...fs.readFileSync(path.join(dist, 'assets', file), 'utf8').matchAll(/(?:\bfrom|\bimport)\s*"\.\/([\w-]+\.js)"/g)].map((m) => m[1]);

/**
 * Lazy chunks (screens, dialogs) that reach a chunk only through another one. The browser finds such a chunk only when
 * the one that imports it has arrived: a round trip more per level on the first load of the screen, unless the preload
 * helper inserts a link per chunk (3 ms of main thread each). The build imports them all directly
 * (apps/web/vite-hoist-imports.ts); this finds a build where that stopped.
 */
export function indirectImports(dist = webDist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const out = [];
  for (const chunk of Object.values(manifest).filter((c) => c.isDynamicEntry)) {
    const file = path.basename(chunk.file);
    const direct = new Set(importsOf(dist, file));
    const seen = new Set(direct);
    for (const queue = [...direct]; queue.length;) {
      for (const next of importsOf(dist, queue.shift())) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    const missing = [...seen].filter((f) => !direct.has(f));
    if (missing.length) out.push(`${file} (${missing.length})`);
  }
  return out;
}

/**
 * The shared chunks (apps/web/vite-shared-chunks.ts) that import a chunk the entry does not load: a library one screen needs
 * would then come with every screen that loads the shared chunk. The plugin keeps such modules out; this finds where it
 * stopped doing so (a new way of importing the contract, say).
 */
export function heavySharedChunks(dist = webDist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const base = (c) => path.basename(c.file);
  const initial = new Set([entry, ...(entry.imports ?? []).map((key) => manifest[key])].map(base));
  const shared = Object.values(manifest).filter((c) => /^shared/.test(c.name ?? ''));
  // Besides the entry's: one another, and the vendor chunks (SWR, say), which every screen that needs them loads.
  const sharedFiles = new Set(Object.values(manifest).filter((c) => /^(shared|vendor-)/.test(c.name ?? '')).map(base));
  return shared.flatMap((c) =>
    importsOf(dist, base(c))
      .filter((i) => !initial.has(i) && !sharedFiles.has(i))
      .map((i) => `${c.name} -> ${i}`),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(path.join(webDist, '.vite/manifest.json'))) {
    console.error('No web build: run `npm run build` first.');
    process.exit(1);
  }
  let over = 0;
  console.info('Initial load of the web app (JS + CSS, gzip):');
  for (const r of measure()) {
    const ok = r.bytes <= r.budget;
    if (!ok) over++;
    const size = (r.bytes / KB).toFixed(1).padStart(6);
    console.info(`  ${ok ? 'ok  ' : 'OVER'} ${r.name.padEnd(28)} ${size} KB of ${r.budget / KB} KB (${r.files} files)`);
  }
  const missing = missingPreloads();
  console.info(
    missing.length
      ? `  MISSING modulepreload in index.html: ${missing.join(', ')}`
      : '  ok   index.html preloads every chunk the entry imports',
  );
  const indirect = indirectImports();
  console.info(
    indirect.length
      ? `  INDIRECT imports in lazy chunks: ${indirect.join(', ')}`
      : '  ok   every lazy chunk imports all the chunks it needs directly',
  );
  const heavy = heavySharedChunks();
  console.info(
    heavy.length ? `  HEAVY shared chunks: ${heavy.join(', ')}` : '  ok   the shared chunks import only the entry\'s chunks, the vendors and one another',
  );
  process.exit(over || missing.length || indirect.length || heavy.length ? 1 : 0);
}
