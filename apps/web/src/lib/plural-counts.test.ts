import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { webMessages } from './web-texts.testing';

/*
 * Counts in the web texts are ICU plurals, read with each language's plural rules. A plural's `#` writes the count with
 * the locale's number format (react-intl keeps one formatter per locale), so a text may use `#` or `{count}`.
 */

describe('plural counts in the web texts', () => {
  it.each([
    ['en', '1 file', '12 files'],
    ['es', '1 archivo', '12 archivos'],
    ['zh-HK', '1 個檔案', '12 個檔案'],
  ])('read with the plural rules, in %s', (locale, one, many) => {
    const files = new IntlMessageFormat(webMessages(locale)['web_outbox_files']!, locale);
    expect(files.format({ count: 1 })).toBe(one);
    expect(files.format({ count: 12 })).toBe(many);
  });

  it.each([
    ['en', '1,234 files'],
    ['es', '1234 archivos'],
    ['zh-HK', '1,234 個檔案'],
  ])("write # with the locale's number format, in %s", (locale, many) => {
    const text = { en: '{count, plural, one {# file} other {# files}}', es: '{count, plural, one {# archivo} other {# archivos}}' };
    const files = new IntlMessageFormat(text[locale as 'en' | 'es'] ?? '{count, plural, other {# 個檔案}}', locale);
    expect(files.format({ count: 1234 })).toBe(many);
  });
});
