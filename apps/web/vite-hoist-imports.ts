import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Each lazily loaded chunk (a screen, a dialog) also imports, after its own imports, every chunk it reaches through
 * another one: the browser then fetches the screen's whole closure as soon as the screen's chunk arrives, in one round
 * trip, where it would otherwise find the chunks level by level. This replaces Vite's preload lists for scripts: the
 * preload helper inserted a `<link rel=modulepreload>` per chunk, about 3 ms of main thread each in Chromium (0.8 ms for
 * an import), and the class page's first load inserted 50 of them (600 ms at Lighthouse's 4x CPU slowdown).
 * Appended after the chunk's own imports, the new imports change no evaluation order: each one was evaluated already,
 * before the import that needs it. This is Rollup's `hoistTransitiveImports`; Rolldown 1.2 has no such option.
 */
export function hoistTransitiveImports(): Plugin {
  return {
    name: 'skillroom-hoist-transitive-imports',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
      for (const chunk of chunks.values()) {
        if (!chunk.isDynamicEntry) continue;
        const added = transitiveImports(chunk.imports, (file) => chunks.get(file)?.imports ?? []);
        if (!added.length) continue;
        const dir = path.posix.dirname(chunk.fileName);
        chunk.code += `\n${added.map((file) => `import"./${path.posix.relative(dir, file)}";`).join('')}\n`;
        chunk.imports.push(...added);
      }
    },
  };
}

/** What `direct` reaches through other chunks and does not import itself, in the order a breadth-first walk meets it. */
export function transitiveImports(direct: readonly string[], importsOf: (file: string) => readonly string[]): string[] {
  const seen = new Set(direct);
  const queue = [...direct];
  const added: string[] = [];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const next of importsOf(file)) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
      added.push(next);
    }
  }
  return added;
}
