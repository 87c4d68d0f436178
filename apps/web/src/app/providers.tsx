import { lazy, Suspense, type ReactNode } from 'react';
import { CurrentUserProvider } from '../lib/current-user';
import { I18nProvider } from '../lib/i18n';

// Toasts appear only after something happened on a screen, so their library loads after the first one.
const AppToaster = lazy(() => import('../lib/toasts').then((m) => ({ default: m.AppToaster })));

/** `splash`: what shows until the texts arrive (main.tsx keeps the one index.html paints before any script runs). */
export function AppProviders({ children, splash }: { children: ReactNode; splash: ReactNode }) {
  return (
    <I18nProvider splash={splash}>
      <CurrentUserProvider>
        {children}
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </CurrentUserProvider>
    </I18nProvider>
  );
}
