import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
// Plain .mjs: `npm start` reads it before any TypeScript tooling runs.
import { stampName, webSourcesHash } from '../../scripts/web-build-state.mjs';

// The API runs on the same origin in production; in `vite dev` requests go to the local server.
const api = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

// Libraries every screen needs, one chunk each: they change rarely, so a new release of the app's own code leaves
// them cached. Libraries used by some screens only (zod, the date picker, …) stay in those screens' chunks.
const vendors: Record<string, RegExp> = {
  react: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  router: /node_modules[\\/]react-router[\\/]/,
  intl: /node_modules[\\/](react-intl|@formatjs[\\/][^\\/]+|intl-messageformat|hoist-non-react-statics|tslib)[\\/]/,
  swr: /node_modules[\\/](swr|dequal|use-sync-external-store)[\\/]/,
};

/** Chunks every page loads beside the entry, named so that the size report and the network panel say what they are. */
const NAMED = /^(rolldown-runtime|preload-helper|vendor-\w+)$/;

/** Stamps the build with its sources' hash (read by `npm start`, which builds again when the sources changed). */
function buildStamp(): Plugin {
  let outDir = '';
  // Taken before bundling: a source edited during the build must make the next start build again.
  let sources = '';
  return {
    name: 'skillroom-build-stamp',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    buildStart() {
      sources = webSourcesHash();
    },
    closeBundle() {
      fs.writeFileSync(path.join(outDir, stampName), `${sources}\n`);
    },
  };
}

// The texts arrive parsed (the server's GET /translation/{locale}/compiled, lib/i18n.tsx): the libraries' own import of
// the ICU parser gets its parser-less build (formatjs's "pre-compile messages"), 8.6 KB gzip off every first load.
const resolve = {
  alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' }],
};

/**
 * The server's entry (`vite build --ssr`, after the browser's build): src/entry-server.tsx into dist/server/, which the
 * server's plugins/web-render.ts imports to render a screen's first HTML. Everything is bundled in it, React's
 * production build included (the server's process sets no NODE_ENV, and react-dom would pick its development build).
 */
const serverBuild = defineConfig({
  base: '/web/',
  plugins: [react()],
  resolve,
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: { outDir: 'dist/server', emptyOutDir: true, sourcemap: true, copyPublicDir: false },
});

const browserBuild = defineConfig({
  base: '/web/',
  plugins: [
    react(),
    tailwindcss(),
    // The one service worker (src/app/service-worker/sw.ts), built by Workbox's own tooling into dist/sw.js (the name and
    // scope existing installs update from), with the build's precache list in place of self.__WB_MANIFEST.
    // lib/service-worker-registration.ts registers it, and public/manifest.webmanifest is the app's manifest: nothing injected.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app/service-worker',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        // What the app needs to start without a connection: its code, styles, page, icons and manifest (not their .br/.gz).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Hashed assets never change under one name; the others are revised by the hash of their bytes.
        dontCacheBustURLsMatching: /^assets\//,
      },
      // Written before the other plugins' last step, so that sw.js gets its .br and .gz too.
      integration: { closeBundleOrder: 'pre' },
    }),
    // A brotli (.br) and a gzip (.gz) copy, best levels, beside every text asset and public file, made once here instead of
    // on every request; the server sends them as they are (scripts/check-bundle-size.mjs reads the .gz). Not the build's
    // own bookkeeping (.vite/manifest.json), which is never served; below 1 KB the copy saves less than a packet.
    // sw.js, written after the bundle, is compressed by the server as it goes (plugins/compression.ts).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
      exclude: /(^|[\\/])\.vite[\\/]/,
      threshold: 1024,
      skipIfLargerOrEqual: false,
      logLevel: 'silent',
    }),
    buildStamp(),
  ],
  resolve,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The size that matters is checked by scripts/check-bundle-size.mjs (gzip, per first screen).
    chunkSizeWarningLimit: 250,
    manifest: true,
    // Every browser the app supports preloads modules natively (Chromium 66, Firefox 115, Safari 17): the polyfill
    // would only add bytes to every first load.
    modulePreload: {
      polyfill: false,
      // index.html keeps every chunk the entry imports: the browser fetches the vendors beside the entry instead of after
      // it (a round trip on every first load). A lazy chunk's scripts come through its own imports; its preload list keeps
      // only stylesheets, which no import brings: Vite's preload helper would add a `<link rel=modulepreload>` per chunk
      // (3 ms of main thread each in Chromium) and its file lists 1.4 KB to the entry.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css'))),
    },
    rolldownOptions: {
      output: {
        // Chunks are named by their hash alone: a lazy chunk names the chunks it imports, and descriptive names (a common
        // chunk's is the list of screens sharing it) made such lists a KB heavier per screen. The manifest maps them back.
        chunkFileNames: (c) => (NAMED.test(c.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js'),
        // Beyond the vendors, Rolldown's own chunking: a chunk per set of screens sharing modules. Groups merging the small
        // ones (`entriesAware` with a merge threshold) saved files but moved a few KB into first screens on unrelated edits.
        codeSplitting: {
          groups: [
            ...Object.entries(vendors).map(([name, re], i) => ({
              name: `vendor-${name}`,
              test: re,
              priority: 10 - i,
            })),
            // The ratings' sending and the outbox's files (shared with the self-assessments'): one chunk, without what they
            // import. Apart, Rolldown cut them into two chunks, one below the other: a fourth level of round trips below
            // the rating editor (scripts/check-bundle-size.mjs allows three).
            {
              name: 'outbox-send',
              test: /src\/(entities\/outbox\/outbox-files|features\/ratings\/api\/outbox-(send|item|names))\.ts$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': api, '/media': api, '/logout': api } },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverBuild : browserBuild));
