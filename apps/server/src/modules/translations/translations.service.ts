import fs from 'node:fs';
import path from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, LOCALES, toIntlMessages, type Locale } from '@skillroom/contract';

const dir = path.resolve(import.meta.dirname, 'locales');
const cache = new Map<string, Record<string, string>>();

export const isLocale = (l: string): l is Locale => (LOCALES as readonly string[]).includes(l);

/**
 * The dotted-key map of a locale (DESIGN §3), read once. Each locale is a folder of files, one per
 * area of the product, so that work on one area never touches another's texts.
 */
export function translations(locale: Locale): Record<string, string> {
  let map = cache.get(locale);
  if (!map) {
    const folder = path.join(dir, locale);
    const files = fs.readdirSync(folder).filter((f) => f.endsWith('.json')).sort();
    map = Object.assign({}, ...files.map((f) => JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as Record<string, string>)) as Record<string, string>;
    cache.set(locale, map);
  }
  return map;
}

const compiled = new Map<Locale, Record<string, MessageFormatElement[]>>();

/**
 * The web app's messages of a locale compiled ahead of time (issue 35): react-intl ids with each ICU text parsed once per
 * locale and process into formatjs's AST, which react-intl formats as it is. The browser then carries no ICU parser
 * (8.6 KB gzip of every first load) and parses nothing. A text ICU cannot read (none today; unit-tested) is kept as
 * literal text rather than failing the whole answer.
 */
export function compiledMessages(locale: Locale): Record<string, MessageFormatElement[]> {
  let map = compiled.get(locale);
  if (!map) {
    map = {};
    for (const [id, text] of Object.entries(toIntlMessages(translations(locale)))) {
      try {
        map[id] = parse(text);
      } catch {
        map[id] = [{ type: 0, value: text }] as MessageFormatElement[];
      }
    }
    compiled.set(locale, map);
  }
  return map;
}

/** Server-side texts (mail, notifications) in the recipient's language; missing keys fall back to English. */
export function translator(locale: string) {
  const own = translations(isLocale(locale) ? locale : DEFAULT_LOCALE);
  const en = translations(DEFAULT_LOCALE);
  return (key: string, params: Record<string, string | number> = {}) =>
    (own[key] ?? en[key] ?? key).replace(/%([A-Za-z0-9_]+)%/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
