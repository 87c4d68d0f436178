import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../lib/i18n';
import { legalHref, type LegalPage } from '../../lib/legal-pages';

const links: { id: string; page: LegalPage }[] = [
  { id: 'web_footer_contact', page: 'contact' },
  { id: 'web_footer_faq', page: 'faq' },
  { id: 'web_footer_terms', page: 'terms' },
  { id: 'web_footer_privacy', page: 'privacy' },
];

/** Footer links of spec §2, each opening in a new tab, in the reader's language. */
export function Footer() {
  const { locale } = useLocale();
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-4 text-sm sm:px-6">
        {links.map((l) => (
          <li key={l.id}>
            <a
              href={legalHref(l.page, locale)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-slate-700 underline-offset-2 hover:underline"
            >
              <FormattedMessage id={l.id} />
              <span className="sr-only">
                {' '}
                <FormattedMessage id="web_common_new_tab" />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </footer>
  );
}
