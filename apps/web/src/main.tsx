import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { ReactNode } from 'react';
import { App } from './app/app';
import { loadScreens } from './app/router';
import { prefetchMessages } from './lib/i18n';
import { readFirstLoad } from './lib/first-load';
import { registerServiceWorkerWhenSettled } from './lib/service-worker-registration';
import { WEB_BASE } from './lib/config';
import './styles.css';

// The one service worker (offline shell and reads, pushed notifications): Workbox runs inside it, not in this page. It
// registers once the first screen has settled, not at the load event (lib/service-worker-registration.ts says why).
if (import.meta.env.PROD) registerServiceWorkerWhenSettled();

const rootElement = document.getElementById('root')!;
const router = (routes: ReactNode) => <BrowserRouter basename={WEB_BASE}>{routes}</BrowserRouter>;
// The page the server rendered carries its data (plugins/web-render.ts on the server): the first render is the server's.
const first = readFirstLoad();

if (first) {
  // The screen's code first (the page's modulepreload links have asked for it), so that hydration never meets a screen
  // still loading and falls back to client rendering; then hydration, which React slices at its Suspense boundaries.
  const path = window.location.pathname.slice(WEB_BASE.length) || '/';
  const hydrate = () => hydrateRoot(rootElement, <App first={first} splash={null} router={router} />);
  void loadScreens(path, first.user).then(hydrate, hydrate);
} else {
  // The service worker's offline shell (or a page the server could not render): the texts are asked for at once, and
  // index.html's splash (our own static markup) stays as it is until they arrive.
  prefetchMessages();
  const splash = <div className="contents" dangerouslySetInnerHTML={{ __html: rootElement.innerHTML }} />;
  createRoot(rootElement).render(<App first={null} splash={splash} router={router} />);
}
