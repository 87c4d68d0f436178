import fs from 'node:fs';
import path from 'node:path';
import { BASE_PATH } from '@skillroom/contract';

/** A chunk of Vite's build manifest (dist/.vite/manifest.json), by the fields read here. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/** Vite's build manifest: each chunk by its source module (`src/…`) or, for a shared chunk, its own name (`_…`). */
export type Manifest = Record<string, ManifestChunk>;

/** A file of the build as index.html names it (anything else, which no build writes, is left out). */
const href = (file: string) => (/^[\w./-]+$/.test(file) ? `${BASE_PATH}/${file}` : null);

/** `key` and every chunk it imports, statically and transitively, added to `into`. */
function collect(manifest: Manifest, key: string, into: Set<string>) {
  if (into.has(key) || !manifest[key]) return;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) collect(manifest, imported, into);
}

/**
 * The `<link>`s that fetch a rendered screen's own code beside the entry (issue 35): a `modulepreload` for each chunk of
 * `modules` (the lazy screens the page shows, app/screen-modules.ts) and each chunk those import, and their
 * stylesheets, leaving out what index.html already names (the entry and every chunk it imports). Without them the
 * browser finds the screen's chunks only once the entry has run, and each level of their imports a round trip later.
 * Static links, found by the browser's preload scanner: not Vite's preload helper, whose links cost main-thread time
 * each (vite.config.ts). A stylesheet of the screen's is needed before the first paint, as the screen is already drawn;
 * Vite's helper later finds it by its address and adds it no second time.
 */
export function preloadLinks(manifest: Manifest, modules: readonly string[]): string {
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(manifest, key, entry);
  const entryCss = new Set([...entry].flatMap((k) => manifest[k]!.css ?? []));
  const screen = new Set<string>();
  for (const module of modules) collect(manifest, module, screen);
  const chunks = [...screen].filter((k) => !entry.has(k));
  const scripts = chunks.map((k) => href(manifest[k]!.file));
  const styles = [...new Set(chunks.flatMap((k) => manifest[k]!.css ?? []))].filter((f) => !entryCss.has(f)).map(href);
  return [
    ...styles.filter(Boolean).map((h) => `<link rel="stylesheet" crossorigin href="${h}">`),
    ...scripts.filter(Boolean).map((h) => `<link rel="modulepreload" crossorigin href="${h}">`),
  ].join('');
}

/** Reads the build's manifest, again when a new build replaces it; null without one (a page is then drawn without the links). */
export function manifestReader(dist: string): () => Manifest | null {
  const file = path.join(dist, '.vite', 'manifest.json');
  let kept: { mtimeMs: number; manifest: Manifest | null } = { mtimeMs: -1, manifest: null };
  return () => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (mtimeMs !== kept.mtimeMs) kept = { mtimeMs, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest };
      return kept.manifest;
    } catch {
      return null;
    }
  };
}
