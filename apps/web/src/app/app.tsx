import { StrictMode, useEffect, type ReactNode } from 'react';
import { FirstLoadProvider, type FirstLoad } from '../lib/first-load';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app, the same on the server (entry-server.tsx, under a StaticRouter) and in the browser (main.tsx, under
 * BrowserRouter): `first` is what the server read for the page, null when the browser renders it alone.
 */
export function App({ first, splash, router }: { first: FirstLoad | null; splash: ReactNode; router: (routes: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <FirstLoadProvider value={first}>
        <AppProviders splash={splash}>{router(<AppRoutes />)}</AppProviders>
        <Hydrated />
      </FirstLoadProvider>
    </StrictMode>
  );
}

/**
 * The server's page takes taps only once hydrated: until then a button does nothing and a form would be sent by the
 * browser itself, so `data-hydrating` (entry-server.tsx) keeps its controls from pointer events (styles.css) and goes
 * with the first commit in the browser. Links stay live: without JavaScript they still lead somewhere.
 */
function Hydrated() {
  useEffect(() => document.getElementById('root')?.removeAttribute('data-hydrating'), []);
  return null;
}
