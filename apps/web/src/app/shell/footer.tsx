import { FormattedMessage } from 'react-intl';
import { LegalLink } from '../../components/legal-link';
import type { LegalPage } from '../../lib/legal-pages';

const links: { id: string; page: LegalPage }[] = [
  { id: 'web_footer_contact', page: 'contact' },
  { id: 'web_footer_faq', page: 'faq' },
  { id: 'web_footer_terms', page: 'terms' },
  { id: 'web_footer_privacy', page: 'privacy' },
];

/** Footer links of spec §2, each opening in a new tab, in the reader's language. */
export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-4 text-sm sm:px-6">
        {links.map((l) => (
          <li key={l.id}>
            <LegalLink page={l.page} className="text-slate-700 underline-offset-2 hover:underline">
              <FormattedMessage id={l.id} />
            </LegalLink>
          </li>
        ))}
      </ul>
    </footer>
  );
}
