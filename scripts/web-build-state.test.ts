import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stampName, webBuildIsCurrent, webSourcesHash } from './web-build-state.mjs';

function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-build-state-'));
  const write = (f: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), text);
  };
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/src/lib/dates.test.ts', 'test()');
  write('packages/contract/src/index.ts', 'export {}');
  write('package-lock.json', '{}');
  const build = () => {
    write('apps/web/dist/index.html', '<!doctype html>');
    write(`apps/web/dist/${stampName}`, `${webSourcesHash(root)}\n`);
  };
  return { root, write, build };
}

describe('npm start builds the web app only when needed', () => {
  it('builds when there is no build, or a build without its stamp', () => {
    const c = checkout();
    expect(webBuildIsCurrent(c.root)).toBe(false);
    c.write('apps/web/dist/index.html', '<!doctype html>');
    expect(webBuildIsCurrent(c.root)).toBe(false);
  });

  it('skips the build when no source changed, even if files were touched or tests edited', () => {
    const c = checkout();
    c.build();
    expect(webBuildIsCurrent(c.root)).toBe(true);
    const f = path.join(c.root, 'apps/web/src/main.tsx');
    fs.utimesSync(f, new Date(), new Date(Date.now() + 60_000));
    c.write('apps/web/src/lib/dates.test.ts', 'test(changed)');
    expect(webBuildIsCurrent(c.root)).toBe(true);
  });

  it.each(['apps/web/src/main.tsx', 'apps/web/src/new-file.ts', 'packages/contract/src/index.ts', 'package-lock.json'])(
    'builds again after %s changed',
    (file) => {
      const c = checkout();
      c.build();
      c.write(file, 'changed');
      expect(webBuildIsCurrent(c.root)).toBe(false);
    },
  );
});
