import { IntlMessageFormat } from 'intl-messageformat';

let ready: Promise<void> | null = null;

/**
 * The ICU message parser (a tenth of the first load) is not in the app's entry: vite.config.ts points the
 * libraries' own import at the parser-less build, and the real one arrives here, in parallel with the
 * translations it is needed for, before the first message is formatted.
 */
export function loadMessageParser(): Promise<void> {
  ready ??= import('@formatjs/icu-messageformat-parser/lib/index.js').then((m) => {
    IntlMessageFormat.__parse = m.parse;
  });
  return ready;
}
