import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { CurrentUserProvider } from '../lib/current-user';
import { I18nProvider } from '../lib/i18n';

// Toasts appear only after something happened on a screen, so their library loads after the first one.
const AppToaster = lazy(() => import('../lib/toasts').then((m) => ({ default: m.AppToaster })));

const noChanges = () => () => undefined;

/** `splash`: what shows until the texts arrive (main.tsx keeps the one index.html paints before any script runs). */
export function AppProviders({ children, splash }: { children: ReactNode; splash: ReactNode }) {
  // Drawn in the browser only, once hydrated: the server has no toasts to show, and a boundary still waiting for its code
  // while hydrating would leave the toaster unmounted when the first screen's toast comes.
  const browser = useSyncExternalStore(noChanges, () => true, () => false);
  return (
    <I18nProvider splash={splash}>
      <CurrentUserProvider>
        {children}
        {browser && (
          <Suspense fallback={null}>
            <AppToaster />
          </Suspense>
        )}
      </CurrentUserProvider>
    </I18nProvider>
  );
}
