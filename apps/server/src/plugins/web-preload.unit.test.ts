import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestReader, preloadLinks, type Manifest } from './web-preload';

// A build's manifest as Vite writes it: the entry (index.html) with its imports, lazy screens and the chunks they share.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_vendor-react.js', '_shared.js'], css: ['assets/index-A.css'] },
  '_vendor-react.js': { file: 'assets/vendor-react-B.js' },
  '_shared.js': { file: 'assets/shared-C.js', imports: ['_vendor-react.js'] },
  '_lists.js': { file: 'assets/lists-D.js', imports: ['_shared.js', '_deep.js'] },
  '_deep.js': { file: 'assets/deep-E.js', imports: ['_lists.js'] },
  'src/app/shell/app-shell.tsx': { file: 'assets/shell-F.js', imports: ['_shared.js', '_lists.js'] },
  'src/features/reports/routes/class-report-route.tsx': {
    file: 'assets/report-G.js',
    imports: ['_lists.js', '_vendor-react.js'],
    css: ['assets/report-G.css', 'assets/index-A.css'],
  },
};

const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)">`, 'g'))].map((m) => m[1]);

describe('the links that fetch a rendered screen’s code beside the entry', () => {
  it('preload each chunk of the screen and every chunk it imports, once, but none index.html names already', () => {
    const html = preloadLinks(manifest, ['src/app/shell/app-shell.tsx', 'src/features/reports/routes/class-report-route.tsx']);
    expect(hrefs(html, 'modulepreload').sort()).toEqual(
      ['/web/assets/deep-E.js', '/web/assets/lists-D.js', '/web/assets/report-G.js', '/web/assets/shell-F.js'].sort(),
    );
    // The screen's own stylesheet is needed before its first paint; the entry's is index.html's.
    expect(hrefs(html, 'stylesheet')).toEqual(['/web/assets/report-G.css']);
  });

  it('name nothing for a module the build does not have, nor a file name that is not a plain path', () => {
    expect(preloadLinks(manifest, ['src/gone.tsx'])).toBe('');
    const odd: Manifest = { ...manifest, 'src/odd.tsx': { file: 'assets/"><script>.js' } };
    expect(preloadLinks(odd, ['src/odd.tsx'])).toBe('');
  });

  it('read the manifest of the build, again once a new build has replaced it, and nothing without one', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-manifest-'));
    try {
      const read = manifestReader(dist);
      expect(read()).toBeNull();
      fs.mkdirSync(path.join(dist, '.vite'));
      const file = path.join(dist, '.vite', 'manifest.json');
      fs.writeFileSync(file, JSON.stringify({ 'index.html': { file: 'assets/one.js', isEntry: true } }));
      expect(read()?.['index.html']?.file).toBe('assets/one.js');
      fs.writeFileSync(file, JSON.stringify({ 'index.html': { file: 'assets/two.js', isEntry: true } }));
      // A later modification time, as a new build has (the file system's clock may be coarse).
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(file, later, later);
      expect(read()?.['index.html']?.file).toBe('assets/two.js');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
