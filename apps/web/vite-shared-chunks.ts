import type { Plugin } from 'vite';

const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const CONTRACT = /[\\/]packages[\\/]contract[\\/]src[\\/]/;
const CONTRACT_INDEX = /[\\/]packages[\\/]contract[\\/]src[\\/](index|entries[\\/]\w+|schemas[\\/]index)\.ts$/;
const FROM_CONTRACT = /import\s*\{([^}]*)\}\s*from\s*["']@skillroom\/contract(\/\w+)?["']/g;
/** The screens a signed-out visitor opens first: what they share with other screens goes to a chunk of its own. */
const PUBLIC_SCREEN = /[\\/]src[\\/](app[\\/]shell[\\/]public-layout|features[\\/](auth|family-link)[\\/]routes[\\/])/;

interface Info {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  exports: readonly string[];
  code: string | null;
  isEntry: boolean;
}

/** The names a module takes from the contract's index, read off its imports (`import { a, b as c } from …`). */
const contractNames = (code: string | null) =>
  [...(code ?? '').matchAll(FROM_CONTRACT)].flatMap((m) => m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!));

/**
 * The module graph as the bundle sees it. The contract is one index over plain rules and zod schemas, and the bundle keeps
 * only what is used: a module's use of it is read off its import, each name counting as the file that defines it.
 */
function graph(info: (id: string) => Info | null, ids: readonly string[]) {
  const indexes = new Set(ids.filter((id) => CONTRACT_INDEX.test(id)));
  const fileOf = new Map<string, string>();
  const files = (index: string): string[] => (info(index)?.importedIds ?? []).flatMap((f) => (indexes.has(f) ? files(f) : [f]));
  for (const index of indexes) for (const file of files(index)) for (const name of info(file)?.exports ?? []) fileOf.set(name, file);
  // Asked for again by every closure that meets the module: read once.
  const known = new Map<string, string[]>();
  const importsOf = (id: string) => {
    let found = known.get(id);
    if (!found) {
      const m = info(id);
      const direct = (m?.importedIds ?? []).filter((d) => !indexes.has(d));
      found =
        m?.importedIds.some((d) => indexes.has(d))
          ? [...new Set([...direct, ...contractNames(m.code).flatMap((n) => fileOf.get(n) ?? [])])]
          : direct;
      known.set(id, found);
    }
    return found;
  };
  const closure = (roots: Iterable<string>, stop: ReadonlySet<string> = new Set()) => {
    const seen = new Set<string>();
    const queue = [...roots];
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      if (seen.has(id) || stop.has(id)) continue;
      seen.add(id);
      queue.push(...importsOf(id));
    }
    return seen;
  };
  return { closure };
}

/**
 * A few chunks for the app's own modules (and the contract's plain rules) that two or more screens, or lazy parts of them,
 * share: grouped by the screens that use them, groups under 10 KB merged, and those a signed-out screen uses apart from
 * the rest. Left to Rolldown, each set of screens sharing modules got a chunk of its own: the class page's first load
 * fetched 49 files, most under 1 KB, and over HTTP/1.1 a phone fetches about six at a time, a round trip each (24 now). A module that brings a library the entry does not
 * load (zod, the date picker), itself or through its imports, stays out: every screen loading the chunk would fetch it;
 * the vendor chunks (`vendor`: React, the router, SWR…) may be imported. scripts/check-bundle-size.mjs checks that the
 * chunks import nothing else beyond the entry's own.
 */
export function sharedChunks(vendor: (id: string) => boolean) {
  const sets = { shared: new Set<string>(), 'shared-public': new Set<string>() };
  const plugin: Plugin = {
    name: 'skillroom-shared-chunks',
    apply: 'build',
    buildEnd() {
      Object.values(sets).forEach((s) => s.clear());
      const info = (id: string) => this.getModuleInfo(id) as Info | null;
      const ids = [...this.getModuleIds()];
      const { closure } = graph(info, ids);
      // What the entry loads statically is in every first load already.
      const initial = closure(ids.filter((id) => info(id)?.isEntry));
      const own = (id: string) => APP_SOURCE.test(id) || CONTRACT.test(id);
      const light = (id: string) => [...closure([id], initial)].every((d) => own(d) || vendor(d));
      const lazyRoots = new Set(ids.flatMap((id) => info(id)?.dynamicallyImportedIds ?? []));
      const users = new Map<string, { screens: number; public: boolean }>();
      for (const root of lazyRoots) {
        for (const id of closure([root], initial)) {
          if (!own(id) || lazyRoots.has(id)) continue;
          const u = users.get(id) ?? { screens: 0, public: false };
          u.screens += 1;
          u.public ||= PUBLIC_SCREEN.test(root);
          users.set(id, u);
        }
      }
      for (const [id, u] of users) if (u.screens >= 2 && light(id)) sets[u.public ? 'shared-public' : 'shared'].add(id);
    },
  };
  const groups = Object.entries(sets).map(([name, set]) => ({
    name,
    test: (id: string) => set.has(id),
    // Only the modules picked above: their libraries and the entry's modules stay where they are.
    includeDependenciesRecursively: false,
    priority: 1,
    entriesAware: true,
    entriesAwareMergeThreshold: 10_000,
  }));
  return { plugin, groups };
}
