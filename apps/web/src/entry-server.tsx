import { Transform, type Readable } from 'node:stream';
import type { User } from '@skillroom/contract/types';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ReactNode } from 'react';
import { App } from './app/app';
import { loadScreens, needsSignIn } from './app/router';
import { screenModules } from './app/screen-modules';
import { screenReads } from './app/screen-reads';
import { safeNext } from './features/auth/routes/sign-in-route';
import { SIGN_IN_PATH, WEB_BASE } from './lib/config';
import { FIRST_LOAD_ID, firstLoadJson, type FirstLoad } from './lib/first-load';

// The server's entry (issue 35), built by `vite build --ssr` into dist/server/ and loaded by the server's
// plugins/web-render.ts, which reads what the page needs through its own routes and hands it here.
export { screenModules, screenReads };

/** A render that has not finished by then is given up: the server answers the plain app page instead. */
const RENDER_TIMEOUT_MS = 5000;

/**
 * Where the page at `path` (under /web, with its `search`) sends its reader instead of being drawn, as the app would at
 * once: the signed-out to sign in from a signed-in screen, the signed-in from the sign-in screen to where it leads.
 */
export function redirectFor(path: string, search: string, user: User | null): string | null {
  if (!user && needsSignIn(path)) {
    const next = `${path}${search}`;
    return `${WEB_BASE}${SIGN_IN_PATH}${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`;
  }
  const bare = path.replace(/\/$/, '');
  // The signed-in do not sign in or up again: those screens send them on, so the server does it before drawing them.
  if (user && (bare === SIGN_IN_PATH.replace(/\/$/, '') || bare === '/sign-up')) {
    return `${WEB_BASE}${safeNext(new URLSearchParams(search).get('next'))}`;
  }
  // A link from before the one rating editor (features/ratings/routes/rating-action-route.tsx) lands on the editor.
  const editor = /^(\/teaching-class\/[^/]+\/rating\/[^/]+\/edit)\/action$/.exec(bare);
  if (editor) return `${WEB_BASE}${editor[1]}${search}`;
  return null;
}

/** The page: index.html's `template` with the screen drawn in its root and `first` beside it for the browser. */
export async function renderPage({ url, first, template }: { url: string; first: FirstLoad; template: string }): Promise<Readable> {
  const rootAt = template.indexOf('<div id="root">');
  const rootEnd = template.indexOf('<!--/root');
  if (rootAt < 0 || rootEnd < rootAt) throw new Error('index.html has no root to render into');
  // The screen is there without JavaScript: index.html's notice that it needs some is not.
  const head = template
    .slice(0, rootAt)
    .replace(/<html lang="[^"]*"/, `<html lang="${first.locale}"`)
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
  const data = `<script type="application/json" id="${FIRST_LOAD_ID}">${firstLoadJson(first)}</script>`;
  const tail = `</div>${data}${template.slice(rootEnd)}`;
  const path = new URL(url, 'http://x').pathname.slice(WEB_BASE.length) || '/';
  await loadScreens(path, first.user);
  const router = (routes: ReactNode) => (
    <StaticRouter basename={WEB_BASE} location={url}>
      {routes}
    </StaticRouter>
  );
  return new Promise<Readable>((resolve, reject) => {
    let failure: unknown = null;
    const stream = renderToPipeableStream(<App first={first} splash={null} router={router} />, {
      // Every boundary in place, however large: React sends a large one (12.8 KB by default, the student page's growth
      // charts) after the rest, to be moved in by an inline script, which the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // Everything is here before the render starts (the screen's code and data), so waiting for all of it costs nothing
      // and the page needs none of React's inline scripts for late boundaries, which the strict CSP would refuse.
      onAllReady() {
        clearTimeout(timer);
        if (failure) return reject(failure instanceof Error ? failure : new Error(String(failure)));
        const page = new Transform({
          transform: (chunk, _encoding, done) => done(null, chunk),
          flush(done) {
            this.push(tail);
            done();
          },
        });
        // Marked until the browser has hydrated it (app/app.tsx): styles.css keeps its controls from taking a tap the
        // page could not answer yet.
        page.push(`${head}<div id="root" data-hydrating>`);
        stream.pipe(page);
        resolve(page);
      },
      onShellError: reject,
      // A part that failed would be drawn by the browser alone, with a hydration error in its console: the whole page falls
      // back to the plain app page instead (the server logs why).
      onError(error) {
        failure ??= error;
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('render timed out')), RENDER_TIMEOUT_MS);
  });
}
