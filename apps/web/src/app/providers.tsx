import { lazy, Suspense, type ReactNode } from 'react';
import { CurrentUserProvider } from '../lib/current-user';
import { I18nProvider } from '../lib/i18n';

// Toasts appear only after something happened on a screen, so their library loads after the first one.
const AppToaster = lazy(() => import('../lib/toasts').then((m) => ({ default: m.AppToaster })));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <CurrentUserProvider>
        {children}
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </CurrentUserProvider>
    </I18nProvider>
  );
}
