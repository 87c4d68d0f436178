import { ErrorText } from '@skillroom/contract';
import { FormattedMessage } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/spinner';
import { useCurrentUser } from '../../lib/current-user';
import { SIGN_IN_PATH } from '../../lib/config';
import { SwrProvider } from '../../lib/swr';
import { Footer } from './footer';
import { Header } from './header';
import { useLiveUpdates } from './use-live-updates';

/** Signed-in screens: header and footer only once the user is loaded without error (spec §2). */
export function AppShell() {
  const { status, user, error, reload, signOut } = useCurrentUser();
  const location = useLocation();
  useLiveUpdates(status);

  if (status === 'failed' && error === ErrorText.notLoggedIn) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${SIGN_IN_PATH}${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />;
  }
  if (status === 'failed')
    return (
      <main id="main" className="mx-auto max-w-md space-y-4 p-8">
        <Alert>{error}</Alert>
        <div className="flex gap-2">
          <Button onClick={() => void reload()}>
            <FormattedMessage id="web_common_retry" />
          </Button>
          <Button variant="secondary" onClick={() => void signOut()}>
            <FormattedMessage id="web_shell_sign_out" />
          </Button>
        </div>
      </main>
    );
  if (status !== 'loaded' || !user) return <Loading />;

  // SWR's settings (spec §9) for the header and every screen; loaded with the first of them, not with the app's entry.
  return (
    <SwrProvider>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          <FormattedMessage id="web_shell_skip" />
        </a>
        <Header user={user} onSignOut={() => void signOut()} />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <Footer />
      </div>
    </SwrProvider>
  );
}
