/**
 * react-intl asks Intl.NumberFormat and Intl.DateTimeFormat whether they know the locale each time an IntlProvider is
 * made (@formatjs/intl's createIntl). The first such question loads the browser's whole list of ICU locales: 70–100 ms
 * of main thread on every first load here (four times that on a throttled phone), which no screen needs otherwise.
 * The app's own locales are in the data of every browser it supports, so the answer for exactly one of them is known;
 * any other question still goes to the browser.
 */
export function answerOwnLocales(own: readonly string[]) {
  // Both formats' supportedLocalesOf take (locales, options) and answer a list of tags; one type serves the two.
  type Ask = (locales?: string | readonly string[], options?: object) => string[];
  for (const format of [Intl.NumberFormat, Intl.DateTimeFormat] as unknown as { supportedLocalesOf: Ask }[]) {
    const ask = format.supportedLocalesOf.bind(format);
    format.supportedLocalesOf = (locales, options) =>
      typeof locales === 'string' && own.includes(locales) ? [locales] : ask(locales, options);
  }
}
