// @vitest-environment jsdom
import { parse } from '@formatjs/icu-messageformat-parser';
import { LOCALE_STORAGE_KEY } from '@skillroom/contract/constants';
import { render, screen } from '@testing-library/react';
import { IntlMessageFormat } from 'intl-messageformat';
import { FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from './i18n';

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
