import { fullName } from './helpers';

const collators = new Map<string, Intl.Collator>();

/**
 * The collator of a language, one per locale, made on first use and kept: making one is costly (a page's first loads
 * ICU's collation data), comparing with it is not.
 */
export function nameCollator(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) collators.set(locale, (collator = new Intl.Collator(locale)));
  return collator;
}

/**
 * `items` ordered by the name taken from each, in the reader's language (issue 36 §5): the language's collation, so
 * "Íñigo" sits between Henry and Isabel and Spanish "ñ" after "n"; equal names keep their order. The one order of the
 * web app's screens and of the server's letters, PDFs and spreadsheets; the list given is left as it was.
 */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string, locale: string): T[] {
  const collator = nameCollator(locale);
  return items
    .map((item, i) => ({ item, i, name: nameOf(item) }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.i - b.i)
    .map((k) => k.item);
}

/** People in name order for a reader of `locale`, by full name as it is shown. */
export function inNameOrder<T extends { firstName: string; lastName?: string | null }>(items: readonly T[], locale: string): T[] {
  return sortByName(items, fullName, locale);
}

/** A name without case or accents, for matching what someone types ("alvarez" finds "Álvarez"). */
export const foldName = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
