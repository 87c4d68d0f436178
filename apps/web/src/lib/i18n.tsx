import { API_PUBLIC_PREFIX, COOKIE_LOCALE, DEFAULT_LOCALE, LOCALES, LOCALE_STORAGE_KEY, type Locale } from '@skillroom/contract/constants';
import { FAMILY_LETTER, preferredLocale } from '@skillroom/contract/rules';
import type { CompiledTranslationsResponse } from '@skillroom/contract/types';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { API_ORIGIN } from './config';
import { writeCookie } from './cookies';
import { leaveForLogout } from './api-client';
import { useFirstLoad, type Messages } from './first-load';
import { answerOwnLocales } from './own-locales';
import { hasSession } from './session';

answerOwnLocales(LOCALES);

const isLocale = (v: string | null | undefined): v is Locale => (LOCALES as readonly string[]).includes(v ?? '');

function kept(): Locale | null {
  try {
    const v = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * A choice is kept in local storage (spec §9) and mirrored in a cookie, the one the server can read: a signed-out reader's
 * page is rendered in their language from its first HTML (plugins/web-render.ts), which is how server-rendered apps
 * keep a visitor's language (Next.js's NEXT_LOCALE cookie, for one). Rendering in the browser's Accept-Language and
 * switching once hydrated painted one language, then another, and re-rendered the whole page after its hydration.
 */
function keep(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode without storage: the cookie still carries it.
  }
  writeCookie(COOKIE_LOCALE, locale);
}

/**
 * The locale a page opens in (issue 36 §6): a family letter's link names its language (`?lang=`), which this visit
 * follows; otherwise the one the user chose (local storage, spec §9); a first visit without a choice follows the
 * browser's languages among the app's; `en` when none matches. Only a choice made in the app is stored.
 */
export function storedLocale(): Locale {
  const asked = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get(FAMILY_LETTER.langParam);
  if (isLocale(asked)) return asked;
  const choice = kept();
  if (choice) return choice;
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return preferredLocale(LOCALES, wanted) ?? DEFAULT_LOCALE;
}

interface LocaleState {
  locale: Locale;
  setLocale: (l: string) => void;
}
const LocaleContext = createContext<LocaleState>({ locale: DEFAULT_LOCALE, setLocale: () => undefined });
export const useLocale = () => useContext(LocaleContext);

/**
 * The locale's texts compiled ahead of time by the server (issue 35): react-intl formats the ASTs as they are, so the app
 * carries no ICU parser (vite.config.ts points the libraries' import of it at the parser-less build) and parses nothing.
 */
async function loadMessages(locale: Locale): Promise<Messages> {
  const res = await fetch(`${API_ORIGIN}${API_PUBLIC_PREFIX}/translation/${locale}/compiled`, {
    headers: { accept: 'application/ld+json' },
  });
  if (!res.ok) throw new Error(`translations ${res.status}`);
  return ((await res.json()) as CompiledTranslationsResponse).messages as Messages;
}

const early = new Map<Locale, Promise<Messages>>();

/** Asks for the stored locale's texts as the app's code starts, before React first renders (main.tsx, a page without server data). */
export function prefetchMessages(locale: Locale = storedLocale()) {
  if (early.has(locale)) return;
  const pending = loadMessages(locale);
  // Whoever takes it handles a failure; until then it must not count as unhandled.
  pending.catch(() => undefined);
  early.set(locale, pending);
}

function takeMessages(locale: Locale) {
  const pending = early.get(locale);
  early.delete(locale);
  return pending ?? loadMessages(locale);
}

/** react-intl fed by the server's translations; switching the locale takes effect at once. */
export function I18nProvider({ children, splash }: { children: ReactNode; splash: ReactNode }) {
  // A page the server rendered carries its locale and texts: the first render is the server's, with nothing to wait for.
  const first = useFirstLoad();
  const [locale, setLocaleState] = useState<Locale>(() => first?.locale ?? storedLocale());
  const [messages, setMessages] = useState<{ locale: Locale; map: Messages } | null>(() =>
    first ? { locale: first.locale, map: first.messages } : null,
  );
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // The texts served with the page are asked for again, through the service worker, which keeps them for offline starts.
  useEffect(() => {
    if (first) void loadMessages(first.locale).catch(() => undefined);
  }, [first]);

  // A choice kept before its cookie was (an earlier version of the app): the cookie is written, so the next page the
  // server renders is in it, and this one, rendered in another, switches once hydrated.
  // A family letter's `?lang=` leads this visit, as it led the server's render.
  useEffect(() => {
    const asked = new URLSearchParams(location.search).get(FAMILY_LETTER.langParam);
    const choice = first && !first.user && !isLocale(asked) ? kept() : null;
    if (!choice) return;
    keep(choice);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- after hydration, which must first match the server's render
    if (choice !== first?.locale) setLocaleState(choice);
  }, [first]);

  useEffect(() => {
    if (messages?.locale === locale && !failed) return;
    let live = true;
    takeMessages(locale)
      .then((map) => {
        if (!live) return;
        // The app's first render (layout, screen) happens here: in a transition, React renders it in slices of a few ms instead
        // of one long task, and the splash stays meanwhile.
        startTransition(() => {
          setMessages({ locale, map });
          setFailed(false);
        });
      })
      .catch(() => {
        if (!live) return;
        // Spec §8: a failed translation fetch sends a signed-in browser to the logout URL.
        if (hasSession()) leaveForLogout();
        else setFailed(true);
      });
    return () => {
      live = false;
    };
    // Asked again when the locale changes or on Try again, not when the texts it asked for arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- messages and failed are read as of the change
  }, [locale, attempt]);

  const setLocale = useCallback((l: string) => {
    if (!isLocale(l)) return;
    keep(l);
    setLocaleState(l);
  }, []);

  // The page's language changes with the texts on screen, when the transition that shows them commits.
  const shownLocale = messages?.locale;
  useEffect(() => {
    if (shownLocale) document.documentElement.lang = shownLocale;
  }, [shownLocale]);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);

  if (!messages) {
    if (failed)
      return (
        <main className="mx-auto max-w-md p-8 text-center">
          <p role="alert">Unable to retrieve data.</p>
          <button type="button" className="mt-4 rounded-md bg-teal-700 px-4 py-2 text-white" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </main>
      );
    // What the page shows while the texts arrive: main.tsx passes the splash index.html painted before any script ran.
    return splash;
  }
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={messages.locale} defaultLocale={DEFAULT_LOCALE} messages={messages.map}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
