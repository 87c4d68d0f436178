// @vitest-environment jsdom
import { parse } from '@formatjs/icu-messageformat-parser';
import { COOKIE_LOCALE, LOCALE_STORAGE_KEY } from '@skillroom/contract/constants';
import { fireEvent, render, screen } from '@testing-library/react';
import { IntlMessageFormat } from 'intl-messageformat';
import { FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FirstLoadProvider, type FirstLoad } from './first-load';
import { I18nProvider, useLocale } from './i18n';

// The built app has no ICU parser (vite.config.ts aliases it to the parser-less build): the texts must arrive parsed.
const parser = IntlMessageFormat.__parse;
afterEach(() => {
  IntlMessageFormat.__parse = parser;
  vi.unstubAllGlobals();
});

describe('I18nProvider', () => {
  it('formats the texts the server compiled ahead of time, with no ICU parser in the page', async () => {
    IntlMessageFormat.__parse = undefined;
    const fetch = vi.fn(async (_url: string) =>
      Response.json({
        locale: 'en',
        messages: { web_outbox_files: parse('{count, plural, one {{count} file} other {{count} files}}') },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    render(
      <I18nProvider splash={<p>splash</p>}>
        <p data-testid="text">
          <FormattedMessage id="web_outbox_files" values={{ count: 3 }} />
        </p>
      </I18nProvider>,
    );
    expect((await screen.findByTestId('text')).textContent).toBe('3 files');
    expect(fetch.mock.calls[0]![0]).toMatch(/\/api\/public\/v1\/translation\/en\/compiled$/);
  });
});

describe('the language chosen in this browser', () => {
  const compiled = (locale: string) => Response.json({ locale, messages: { web_common_language: parse(`lang ${locale}`) } });
  afterEach(() => {
    localStorage.clear();
    document.cookie = `${COOKIE_LOCALE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  });

  function Chooser() {
    const { setLocale } = useLocale();
    return (
      <button type="button" onClick={() => setLocale('es')}>
        <FormattedMessage id="web_common_language" />
      </button>
    );
  }

  it('is kept in local storage and in the cookie the server renders a signed-out page by', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => compiled(url.includes('/es/') ? 'es' : 'en')),
    );
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    render(
      <I18nProvider splash={null}>
        <Chooser />
      </I18nProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'lang en' }));
    expect(await screen.findByRole('button', { name: 'lang es' })).toBeTruthy();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(document.cookie).toContain(`${COOKIE_LOCALE}=es`);
  });

  it('kept in storage only (before the cookie was), is taken once hydrated and written to the cookie', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => compiled(url.includes('/zh-HK/') ? 'zh-HK' : 'en')),
    );
    localStorage.setItem(LOCALE_STORAGE_KEY, 'zh-HK');
    // A signed-out page the server rendered in English; its configuration is not read here, so the page has none.
    const first = { locale: 'en', messages: { web_common_language: parse('lang en') }, user: null, fallback: {} };
    render(
      <FirstLoadProvider value={first as unknown as FirstLoad}>
        <I18nProvider splash={null}>
          <Chooser />
        </I18nProvider>
      </FirstLoadProvider>,
    );
    expect(await screen.findByRole('button', { name: 'lang zh-HK' })).toBeTruthy();
    expect(document.cookie).toContain(`${COOKIE_LOCALE}=zh-HK`);
  });
});
