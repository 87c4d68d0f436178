import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../lib/i18n';
import { legalHref, type LegalPage } from '../lib/legal-pages';

/** A static legal page in the reader's language, opened in a new tab (which a screen reader is told). */
export function LegalLink({ page, className, children }: { page: LegalPage; className: string; children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <a href={legalHref(page, locale)} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only">
        {' '}
        <FormattedMessage id="web_common_new_tab" />
      </span>
    </a>
  );
}
