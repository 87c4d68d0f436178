import type { Locale } from '@skillroom/contract/constants';

export type LegalPage = 'contact' | 'faq' | 'terms' | 'privacy';

/** A static page of public/legal in the reader's language: English at the top, the others in a folder of their own. */
export const legalHref = (page: LegalPage, locale: Locale) =>
  `${import.meta.env.BASE_URL}legal/${locale === 'en' ? '' : `${locale}/`}${page}.html`;
