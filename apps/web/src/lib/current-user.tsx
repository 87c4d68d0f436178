import { ErrorText } from '@skillroom/contract/messages';
import type { User } from '@skillroom/contract/types';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, isNetworkFailure } from './api-client';
import { useFirstLoad } from './first-load';
import { LOGOUT_URL } from './config';
import { useLocale } from './i18n';
import { clearTokens, currentUserId, validToken } from './session';
import { clearUserCaches } from './sw-cache-rules';

/** The logged-in user's load status (spec §4). */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

interface CurrentUserState {
  status: LoadStatus;
  user: User | null;
  error: string | null;
  reload: () => Promise<void>;
  /** Replaces the user after a successful PATCH, without another round trip. */
  setUser: (u: User) => void;
  clear: () => void;
  signOut: () => Promise<void>;
}

const CurrentUserContext = createContext<CurrentUserState | null>(null);

/**
 * Work to do while the session is still valid, just before signing out (the browser's push token is removed, so that a
 * shared computer stops receiving the last user's notifications). Registered by the parts that need it.
 */
export const signOutTasks = new Set<() => Promise<void>>();

export function useCurrentUser(): CurrentUserState {
  const v = useContext(CurrentUserContext);
  if (!v) throw new Error('useCurrentUser outside CurrentUserProvider');
  return v;
}

/** The load's error when the user could not be asked for want of a connection: the shell says "You are offline". */
export const USER_OFFLINE = 'offline';

export async function loadCurrentUser(): Promise<User> {
  await validToken();
  const id = currentUserId();
  if (!id) throw new Error(ErrorText.notLoggedIn);
  try {
    return await api<User>(`/user/${id}`);
  } catch (e) {
    // No answer at all (no network, or the service worker's own failure with nothing cached) is no refusal (issue 36 §11).
    throw new Error(isNetworkFailure(e) || !navigator.onLine ? USER_OFFLINE : ErrorText.userLoad);
  }
}

export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const { setLocale } = useLocale();
  // The user the server rendered the page for is there from the first render; otherwise loading starts with the app.
  const served = useFirstLoad()?.user ?? null;
  const [state, setState] = useState<{ status: LoadStatus; user: User | null; error: string | null }>(() =>
    served ? { status: 'loaded', user: served, error: null } : { status: 'loading', user: null, error: null },
  );

  const settle = useCallback(
    (p: Promise<User>) =>
      p.then(
        // Transitions: what the user's arrival renders (the layout's menus, the screen) is sliced, not one long task.
        (user) =>
          startTransition(() => {
            setState({ status: 'loaded', user, error: null });
            setLocale(user.preferredLanguage);
          }),
        // A failure leaves the user as none (spec §4).
        (e: Error) => startTransition(() => setState({ status: 'failed', user: null, error: e.message })),
      ),
    [setLocale],
  );

  const reload = useCallback(async () => {
    setState((s) => ({ ...s, status: 'loading' }));
    await settle(loadCurrentUser());
  }, [settle]);

  useEffect(() => {
    if (served) {
      // The user's language is kept in this browser as when the app loaded them itself: an offline start (the service
      // worker's app page, no server to say it) opens in it, and asks for the texts the worker kept.
      setLocale(served.preferredLanguage);
      // Served with the page: read again all the same, through the service worker, which keeps it for offline starts.
      void loadCurrentUser().catch(() => undefined);
    } else void settle(loadCurrentUser());
  }, [settle, served, setLocale]);

  const value = useMemo<CurrentUserState>(
    () => ({
      ...state,
      reload,
      setUser: (user) => setState({ status: 'loaded', user, error: null }),
      clear: () => setState({ status: 'idle', user: null, error: null }),
      signOut: async () => {
        await Promise.all([...signOutTasks, clearUserCaches].map((task) => task().catch(() => undefined)));
        // The server revokes the refresh token it finds in the cookie, so it is asked before the cookies go.
        await fetch(LOGOUT_URL, { redirect: 'manual', credentials: 'same-origin' }).catch(() => undefined);
        clearTokens();
        setState({ status: 'idle', user: null, error: null });
        window.location.assign(LOGOUT_URL);
      },
    }),
    [state, reload],
  );
  return <CurrentUserContext.Provider value={value}>{children}</CurrentUserContext.Provider>;
}
