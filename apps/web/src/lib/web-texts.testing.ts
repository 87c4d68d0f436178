// For tests only (node:fs): the app reads its texts from the server at run time.
import fs from 'node:fs';
import path from 'node:path';
import { toIntlMessages } from '@skillroom/contract/rules';

const dir = path.resolve(import.meta.dirname, '../../../server/src/modules/translations/locales');

/** The web texts of a locale as written (every `web-*.json` of the server's locale folder), keyed `web.x.y`. */
export const webTexts = (locale: string) =>
  Object.assign(
    {},
    ...fs
      .readdirSync(path.join(dir, locale))
      .filter((f) => f.startsWith('web-'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, locale, f), 'utf8')) as Record<string, string>),
  ) as Record<string, string>;

/** The same as react-intl is given them (dots as underscores, `{name}` placeholders), for an `IntlProvider` in a test. */
export const webMessages = (locale: string) => toIntlMessages(webTexts(locale));
