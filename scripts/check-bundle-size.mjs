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
// 104.5 KB since the texts arrive compiled (issue 35): the parser's loader and the key rewrite left the entry.
// 105.7 KB since the one form primitive (issue 35): no form code is in the entry, but once every form imports it,
// Rolldown's chunking by the screens that share a module splits three small modules the entry shares with lazy screens
// (spinner, when-idle, i18n) into chunks of their own: +1.1 KB of per-file overhead, the same code. 106.5 KB with server
// rendering (issue 35): reading the page's data and hydrating it (lib/first-load.ts, app/app.tsx). 106.6 KB since the
// hydration mark sits inside the screens' Suspense boundary and the route's error screen (app/hydration-mark.tsx):
// beside the frame it went before React had hydrated the screen. 106.7 KB since the server renders a signed-out reader's
// page in the language they chose (lib/i18n.tsx mirrors it in a cookie) and preloads a rendered screen's chunks (the
// screens name their modules in the server's build only; what the browser's keeps of it is 40 bytes).
const ENTRY_BUDGET = 106.7 * KB;
/**
 * First screens: the entry plus the layout, the screen and what they import, before any data arrives. Their budgets
 * leave room for what is planned on them (the header bell, the join and link forms), not for growth unnoticed.
 */
const SCREENS = {
  // 124 KB (133 before issue 35): the texts arrive parsed by the server, so the ICU parser (9 KB) left both first screens.
  // 142.5 KB since the one form primitive (issue 35): its sign-in form is react-hook-form's (13.4 KB, the library every
  // form now shares), with the primitive and the violation texts it reads (2.9 KB) and the entry's +1.1 KB. zod stays
  // out: the resolver and a form's schema load when the form is first checked. The entry's hydration on top.
  // 142.8 KB with one more violation text (a time of day, issue 37) and the stylesheet's new utilities (issues 37, 38).
  'sign-in': { budget: 142.8 * KB, modules: ['src/app/shell/public-layout.tsx', 'src/features/auth/routes/sign-in-route.tsx'] },
  dashboard: {
    // 148 KB: 151 after the outbox's one write per observation, the classes' abilities (issue 34) and the first week's
    // fixes (issue 36); the contract's subpath exports (issue 35) took 2.6 KB back (the plain rules without the schemas).
    // 139 KB: messages compiled ahead of time (issue 35) took the ICU parser out (-9 KB). 141.5 KB with the form
    // primitive (the entry's +1.1 KB; the join form and react-hook-form load when "Join a class" is opened) and the
    // entry's hydration. 141.6 KB with DESIGN §12's count of students waiting on each class card (issue 38: the
    // screen was 50 bytes under; the count on the counts' line, no new element or utility, costs 60-80 bytes). 141.7 KB
    // since the class list's infinite scroll asks again while its end stays in view (lib/use-infinite-scroll.ts, +80 bytes).
    // 141.8 KB with the entry's +0.1 KB of 106.7 (the language cookie and the preloaded chunks of a rendered screen).
    budget: 141.8 * KB,
    modules: [
      'src/app/shell/app-shell.tsx',
      'src/app/dashboard-route.tsx',
      'src/features/classes/routes/class-list-route.tsx',
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

/** Levels of imports below a lazy chunk the browser may walk before it has the screen's code (more than this fails). */
const DEPTH_LIMIT = 3;

/**
 * The deepest lazy chunk (a screen, a dialog): how many levels of chunks lie below it, beyond the entry's own. The browser
 * finds a level only once the one above has arrived, a round trip each on the screen's first load (lazy chunks carry no
 * preload lists for scripts: vite.config.ts), so this keeps the levels from growing unnoticed.
 */
export function deepestLazyChunk(dist = webDist) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const initial = [entry, ...(entry.imports ?? []).map((key) => manifest[key])].map((c) => path.basename(c.file));
  let deepest = { name: '', depth: 0 };
  for (const chunk of Object.values(manifest).filter((c) => c.isDynamicEntry)) {
    const seen = new Set([path.basename(chunk.file), ...initial]);
    let depth = 0;
    for (let level = [path.basename(chunk.file)]; ; depth++) {
      level = level.flatMap((file) => importsOf(dist, file)).filter((f) => !seen.has(f) && seen.add(f));
      if (!level.length) break;
    }
    if (depth > deepest.depth) deepest = { name: chunk.name, depth };
  }
  return deepest;
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
  const deepest = deepestLazyChunk();
  const deep = deepest.depth > DEPTH_LIMIT;
  const levels = `${deepest.depth} levels of chunks below it (at most ${DEPTH_LIMIT})`;
  console.info(`  ${deep ? 'DEEP' : 'ok  '} deepest lazy chunk: ${deepest.name}, ${levels}`);
  process.exit(over || missing.length || deep ? 1 : 0);
}
