import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';

/** What the app needs to start without a connection: its code, styles, page, icons and manifest. */
const precached = /\.(js|css|html|svg|png|webmanifest)$/;
/** The hashed assets never change under one name; the others are revised by the hash of their bytes. */
const hashedDir = `assets${path.sep}`;

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The precache list of a build (what Workbox's injectManifest would write), with URLs under the app's base. */
export function precacheEntries(outDir: string, base: string): PrecacheEntry[] {
  return fs
    .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => precached.test(f) && !f.split(path.sep).some((p) => p.startsWith('.')) && f !== 'sw.js')
    .sort()
    .map((f) => ({
      url: `${base}${f.split(path.sep).join('/')}`,
      revision: f.startsWith(hashedDir)
        ? null
        : crypto
            .createHash('md5')
            .update(fs.readFileSync(path.join(outDir, f)))
            .digest('hex')
            .slice(0, 16),
    }));
}

/**
 * Builds the one service worker (src/app/service-worker/service-worker.ts: Workbox, the offline reads, the push
 * handlers) into dist/sw.js after the app is written, with the build's precache list in place of
 * self.__WB_MANIFEST. Runs before the precompress step's closeBundle, so sw.js gets its .br and .gz too.
 */
export function serviceWorker(entry: string): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'skillroom-service-worker',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
      base = c.base;
    },
    async writeBundle() {
      const out = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          write: false,
          minify: true,
          emptyOutDir: false,
          lib: { entry, formats: ['iife'], name: 'skillroomServiceWorker', fileName: () => 'sw.js' },
        },
      });
      const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => ('output' in o ? o.output : []));
      const chunk = outputs.find((o) => o.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('service worker: no output');
      if (!chunk.code.includes('self.__WB_MANIFEST')) throw new Error('service worker: self.__WB_MANIFEST not found');
      const code = chunk.code.replace('self.__WB_MANIFEST', JSON.stringify(precacheEntries(outDir, base)));
      fs.writeFileSync(path.join(outDir, 'sw.js'), code);
    },
  };
}
