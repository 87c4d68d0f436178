import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Piscina finds a task by its name among the worker module's named exports; from sources the worker is
// heavy.worker.dev.mjs, which must pass each task on by name (a module cannot re-export another's names it learns at
// run time). A task missing there works in the build and fails only from sources, so the two lists are compared here.
const names = (file: string, pattern: RegExp) =>
  [...fs.readFileSync(path.join(import.meta.dirname, file), 'utf8').matchAll(pattern)].map((m) => m[1]).sort();

describe('the heavy worker from sources', () => {
  it('passes on every task the worker exports', () => {
    const tasks = names('heavy.worker.ts', /^export (?:async )?function (\w+)/gm);
    expect(tasks).toEqual(['letters', 'roster', 'spreadsheet']);
    expect(names('heavy.worker.dev.mjs', /^export const (\w+) =/gm)).toEqual(tasks);
  });
});
