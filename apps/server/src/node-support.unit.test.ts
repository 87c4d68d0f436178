import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// semver comes with npm's own tree (fastify needs it); its types are not worth a dependency here.
const semver = createRequire(import.meta.url)('semver') as { minVersion: (r: string) => { version: string } | null; satisfies: (v: string, r: string) => boolean };
const root = path.resolve(import.meta.dirname, '../../..');
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(root, f), 'utf8'));

describe('supported Node', () => {
  it('every installed package runs on the oldest Node the README promises (no EBADENGINE on npm install)', () => {
    const promised = semver.minVersion(read('package.json').engines.node)!.version;
    const lock = read('package-lock.json') as { packages: Record<string, { engines?: { node?: string } }> };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => typeof p.engines?.node === 'string' && !semver.satisfies(promised, p.engines.node))
      .map(([name, p]) => `${name} wants ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
