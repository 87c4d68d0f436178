import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { BASE_PATH, redirectSchema } from '@skillroom/contract';
import type { Config } from '../config';
import type { TokenSigner } from './auth';
import { webRenderer } from './web-render';

/**
 * Serves the built web app under /web/; any deep /web/… link answers the app page, its first screen rendered for the
 * reader (plugins/web-render.ts), or the plain page the browser renders alone.
 */
export async function registerWeb(app: FastifyInstance, config: Config, signer: TokenSigner) {
  const dist = config.webDistDir;
  const indexFile = path.join(dist, 'index.html');
  const toApp = { schema: { summary: 'To the web app', response: { 302: redirectSchema } } };
  app.get('/', toApp, (_req, reply) => reply.redirect(`${BASE_PATH}/`));
  app.get(BASE_PATH, toApp, (_req, reply) => reply.redirect(`${BASE_PATH}/`));
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dist }, 'web app not built: run `npm run build` to serve it');
    app.get(`${BASE_PATH}/*`, (_req, reply) => reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`.'));
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `${BASE_PATH}/`,
    wildcard: false,
    index: false,
    // The build writes a .br and a .gz beside each text asset: sent as they are, with `Vary: Accept-Encoding`.
    preCompressed: true,
    setHeaders: (res, file) => {
      // Hashed assets never change; the page itself must always be fresh.
      res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Read again when a new build replaces it, so that a running server never points at assets that are gone.
  let page = { mtimeMs: -1, html: Buffer.alloc(0) };
  const html = () => {
    const mtimeMs = fs.statSync(indexFile).mtimeMs;
    if (mtimeMs !== page.mtimeMs) page = { mtimeMs, html: fs.readFileSync(indexFile) };
    return page.html;
  };
  const render = webRenderer(app, signer, dist);
  app.get(`${BASE_PATH}/*`, async (req, reply) => {
    const rel = decodeURIComponent(req.url.slice(BASE_PATH.length + 1).split('?')[0] ?? '');
    const file = path.resolve(dist, rel);
    // The build's own bookkeeping (.vite/manifest.json, .sources-hash, the server entry) is not part of the app.
    const hidden = rel.split('/').some((part) => part.startsWith('.')) || rel === 'server' || rel.startsWith('server/');
    if (rel && !hidden && file.startsWith(dist + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(rel);
    // A page rendered for its reader is theirs alone: never stored, and it differs by session cookie and language.
    reply.header('vary', 'Cookie, Accept-Language');
    try {
      const page = await render(req, html().toString('utf8'));
      if (page && 'redirect' in page) return reply.header('cache-control', 'no-store').redirect(page.redirect);
      if (page) return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
    } catch (e) {
      // The browser renders what the server could not (a read or the render failed): logged by kind, no one's data in it.
      const failure = e instanceof Error ? `${e.name}: ${e.message}` : typeof e;
      const where = e instanceof Error ? e.stack?.split('\n').slice(1, 4).map((l) => l.trim()) : undefined;
      req.log.warn({ failure, where }, 'page not rendered: the app page answers');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html());
  });
}
