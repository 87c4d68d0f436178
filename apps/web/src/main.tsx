import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { prefetchMessages } from './lib/i18n';
import { AppRoutes, preloadScreens } from './app/router';
import { CURRENT_USER_LOAD, loadCurrentUser } from './lib/current-user';
import { startEarly } from './lib/early-load';
import { loadPublicConfig, PUBLIC_CONFIG_PATH } from './lib/public-config-load';
import { hasSession } from './lib/session';
import { registerServiceWorkerWhenSettled } from './lib/service-worker-registration';
import { WEB_BASE } from './lib/config';
import './styles.css';

// What the first screen needs starts now, side by side, not one after the other as each part renders: the texts, the
// screen's code, the configuration (the layout waits for it; the sign-in screen shows its demo accounts) and, for a
// signed-in visit, the user.
prefetchMessages();
// In a task of its own: the entry's own run stays short.
setTimeout(() => preloadScreens(window.location.pathname.slice(WEB_BASE.length) || '/'), 0);
startEarly(PUBLIC_CONFIG_PATH, loadPublicConfig);
if (hasSession()) startEarly(CURRENT_USER_LOAD, loadCurrentUser);

// The one service worker (offline shell and reads, pushed notifications): Workbox runs inside it, not in this page. It
// registers once the first screen has settled, not at the load event (lib/service-worker-registration.ts says why).
if (import.meta.env.PROD) registerServiceWorkerWhenSettled();

const rootElement = document.getElementById('root')!;
// The splash of index.html (our own static markup, no data in it), shown as it is until the texts arrive: no blank page
// between, and no second copy of the logo in the entry's code.
const splash = <div className="contents" dangerouslySetInnerHTML={{ __html: rootElement.innerHTML }} />;

createRoot(rootElement).render(
  <StrictMode>
    <AppProviders splash={splash}>
      <BrowserRouter basename={WEB_BASE}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
