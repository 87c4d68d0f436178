import { StrictMode, type ReactNode } from 'react';
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
      </FirstLoadProvider>
    </StrictMode>
  );
}
