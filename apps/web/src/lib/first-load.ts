import type { Locale } from '@skillroom/contract/constants';
import type { PublicConfig, User } from '@skillroom/contract/types';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createContext, useContext } from 'react';

/** react-intl's messages, each already parsed into formatjs's AST. */
export type Messages = Record<string, MessageFormatElement[]>;

/**
 * What the server read for a page it rendered (issue 35), embedded in it so that the browser's first render is the
 * server's (hydration) and asks for nothing: the reader's locale and its compiled texts, the public configuration, the
 * signed-in user (null: signed out) and the screen's API answers by SWR key (`$inf$`-prefixed keys are infinite lists).
 */
export interface FirstLoad {
  locale: Locale;
  messages: Messages;
  config: PublicConfig;
  user: User | null;
  fallback: Record<string, unknown>;
}

/** The id of the `<script type="application/json">` that carries it. */
export const FIRST_LOAD_ID = 'first-load';

/**
 * The JSON of the page's data, safe inside a script element: `<` (and so `</script>` and `<!--`) never appears as
 * such, nor the line separators older parsers refuse. JSON.parse reads the escapes back as the same characters.
 */
export function firstLoadJson(first: FirstLoad): string {
  return JSON.stringify(first).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The data of a page the server rendered, or null (the service worker's offline shell, or a render that fell back). */
export function readFirstLoad(): FirstLoad | null {
  const el = typeof document === 'undefined' ? null : document.getElementById(FIRST_LOAD_ID);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as FirstLoad;
  } catch {
    return null;
  }
}

const FirstLoadContext = createContext<FirstLoad | null>(null);
export const FirstLoadProvider = FirstLoadContext.Provider;

/** The server's data for this page (the same object on the server and in the browser), or null when it rendered nothing. */
export const useFirstLoad = () => useContext(FirstLoadContext);
