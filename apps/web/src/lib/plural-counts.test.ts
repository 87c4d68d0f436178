import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@skillroom/contract/constants';
import { toIntlMessages } from '@skillroom/contract/rules';
import { IntlMessageFormat } from 'intl-messageformat';
import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * A plural's `#` makes formatjs build an Intl.NumberFormat, and the first one a page makes loads ICU's number data:
 * 50-100 ms of main thread on a desktop, four times that on a phone, in the first render of every signed-in screen
 * (the bell's unread count is one). The web texts write the count as its argument (`{count}`): the same digits for the
 * counts the app shows, and no number formatter until a screen formats a real number (e2e/tests/page-weight.spec.ts).
 */
const dir = path.resolve(import.meta.dirname, '../../../server/src/modules/translations/locales');
const webTexts = (locale: string) =>
  Object.assign(
    {},
    ...fs
      .readdirSync(path.join(dir, locale))
      .filter((f) => f.startsWith('web-'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, locale, f), 'utf8')) as Record<string, string>),
  ) as Record<string, string>;

afterEach(() => vi.restoreAllMocks());

describe('plural counts in the web texts', () => {
  it.each(LOCALES)('are written as the argument, never #, in %s', (locale) => {
    const pound = Object.entries(webTexts(locale)).filter(([, text]) => text.includes('#'));
    expect(pound.map(([key]) => key)).toEqual([]);
  });

  it.each([
    ['en', '1 file', '12 files'],
    ['es', '1 archivo', '12 archivos'],
    ['zh-HK', '1 個檔案', '12 個檔案'],
  ])('read with the plural rules and make no number formatter, in %s', (locale, one, many) => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    const files = new IntlMessageFormat(toIntlMessages(webTexts(locale))['web_outbox_files']!, locale);
    expect(files.format({ count: 1 })).toBe(one);
    expect(files.format({ count: 12 })).toBe(many);
    expect(made).not.toHaveBeenCalled();
  });
});
