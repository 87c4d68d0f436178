import { ErrorText } from '@skillroom/contract/messages';
import { PRIVACY_POLICY_DEFAULT_DATE, needsPrivacyAgreement } from '@skillroom/contract/rules';
import { lazy, Suspense, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/spinner';
import { USER_OFFLINE, useCurrentUser } from '../../lib/current-user';
import { SIGN_IN_PATH } from '../../lib/config';
import { usePublicConfig } from '../../lib/public-config';
import { SwrProvider } from '../../lib/swr';
import { Footer } from './footer';
import { Header } from './header';
import { useLiveUpdates } from './use-live-updates';
import { useFocusRescue } from './use-focus-rescue';

// Shown once to a user who has not agreed to the current policy: its code loads only for them.
const PrivacyGate = lazy(() => import('./privacy-gate').then((m) => ({ default: m.PrivacyGate })));

/**
 * The signed-in user could not be asked for want of a connection (a first visit offline, nothing of theirs cached yet):
 * said as such, not as a refusal, and asked again by the button or as soon as the browser is back online.
 */
function Offline({ onRetry }: { onRetry: () => Promise<void> }) {
  useEffect(() => {
    const again = () => void onRetry();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [onRetry]);
  return (
    <main id="main" className="mx-auto max-w-md space-y-4 p-8">
      <h1 className="text-xl font-semibold text-slate-900">
        <FormattedMessage id="web_shell_offline_title" />
      </h1>
      <p className="text-slate-700">
        <FormattedMessage id="web_shell_offline_body" />
      </p>
      <Button onClick={() => void onRetry()}>
        <FormattedMessage id="web_common_retry" />
      </Button>
    </main>
  );
}

/** Signed-in screens: header and footer only once the user is loaded without error (spec §2). */
export function AppShell() {
  const { status, user, error, reload, signOut, setUser } = useCurrentUser();
  useFocusRescue();
  const location = useLocation();
  const config = usePublicConfig();
  // Until the configuration answers, the policy date shipped with this build; a later policy asks again once it does.
  const policyDate = config.data?.privacyPolicyDate ?? PRIVACY_POLICY_DEFAULT_DATE;
  const gated = status === 'loaded' && user !== null && needsPrivacyAgreement(user.privacyPolicyLastAgreed, policyDate);
  // Nothing of the app runs behind the gate: no live notifications or push registration before agreement.
  useLiveUpdates(gated ? 'idle' : status);

  if (status === 'failed' && error === ErrorText.notLoggedIn) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${SIGN_IN_PATH}${next === '/' ? '' : `?next=${encodeURIComponent(next)}`}`} replace />;
  }
  if (status === 'failed' && error === USER_OFFLINE) return <Offline onRetry={reload} />;
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
  // Data and error only: reading SWR's isLoading would subscribe the whole layout (and the screen in it) to the request's
  // start, a synchronous render of everything that React cannot slice.
  if (status !== 'loaded' || !user || (!config.data && !config.error)) return <Loading />;
  if (gated)
    return (
      <div className="flex min-h-screen flex-col">
        <Suspense fallback={<Loading />}>
          <PrivacyGate policyDate={policyDate} onAgreed={setUser} onSignOut={() => void signOut()} />
        </Suspense>
        <Footer />
      </div>
    );

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
        {/* At least the screen under the header (h-16): the footer starts below the fold, so a screen growing as its
            data arrives never pushes it (a layout shift) across the viewport. */}
        <main id="main" className="min-h-[calc(100vh-4rem)] flex-1">
          <Outlet />
        </main>
        <Footer />
      </div>
    </SwrProvider>
  );
}
