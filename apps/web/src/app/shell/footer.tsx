import { FormattedMessage } from 'react-intl';

const links = [
  { id: 'web_footer_contact', href: 'legal/contact.html' },
  { id: 'web_footer_faq', href: 'legal/faq.html' },
  { id: 'web_footer_terms', href: 'legal/terms.html' },
  { id: 'web_footer_privacy', href: 'legal/privacy.html' },
];

/** Footer links of spec §2, each opening in a new tab. */
export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-4 text-sm sm:px-6">
        {links.map((l) => (
          <li key={l.id}>
            <a
              href={`${import.meta.env.BASE_URL}${l.href}`}
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
