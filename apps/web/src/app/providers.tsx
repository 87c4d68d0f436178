import type { ReactNode } from 'react';
import { CurrentUserProvider } from '../lib/current-user';
import { I18nProvider } from '../lib/i18n';
import { SwrProvider } from '../lib/swr';
import { AppToaster } from '../lib/toasts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider>
      <SwrProvider>
        <CurrentUserProvider>
          {children}
          <AppToaster />
        </CurrentUserProvider>
      </SwrProvider>
    </I18nProvider>
  );
}
