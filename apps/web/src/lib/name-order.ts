/** A name without case or accents, for matching what someone types ("alvarez" finds "Álvarez"). */
export const foldName = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** What the plain comparison below orders as Intl.Collator does: letters a-z (accents folded away), spaces and hyphens. */
const PLAIN = /^[a-z\u007f -]*$/;

/**
 * The key of a name under Latin rules: lower case, accents folded away, and for Spanish ñ as its own letter after n
 * (the character after "z" keeps "nz" < "ñ" < "o").
 */
function plainKey(name: string, spanish: boolean): string {
  const lower = name.normalize('NFC').toLowerCase();
  return foldName(spanish ? lower.replace(/ñ/g, 'n\u007f') : lower);
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * `items` ordered by name in the user's language. Intl.Collator is right for every script, but the first one a page makes
 * loads ICU's collation data: 17 ms of main thread here, four times that on a phone, in the first render of the class
 * page (its students' grid) and of the reports. Names of plain Latin letters (those of most classes) are ordered by their
 * folded keys instead, which gives the collator's order for them (name-order.test.ts compares both); any other name
 * (another script, an apostrophe, ł, ø) and the whole list takes the collator.
 */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string, locale: string): T[] {
  const lang = locale.toLowerCase().slice(0, 2);
  const keyed = items.map((item) => {
    const name = nameOf(item);
    return { item, name, key: plainKey(name, lang === 'es') };
  });
  if (keyed.every((k) => PLAIN.test(k.key))) {
    keyed.sort((a, b) => byCodeUnits(a.key, b.key));
    // Names equal but for accents or case: English and Spanish put the unaccented one first (the collator's second level),
    // then the lower case; other languages order accents their own way, and their collator decides.
    const ties = keyed.some((k, i) => i > 0 && k.key === keyed[i - 1]!.key);
    if (!ties) return keyed.map((k) => k.item);
    if (lang === 'en' || lang === 'es') {
      const accents = (s: string) => s.normalize('NFD').toLowerCase();
      keyed.sort((a, b) => byCodeUnits(a.key, b.key) || byCodeUnits(accents(a.name), accents(b.name)) || byCodeUnits(b.name, a.name));
      return keyed.map((k) => k.item);
    }
  }
  const collator = new Intl.Collator(locale);
  keyed.sort((a, b) => collator.compare(a.name, b.name));
  return keyed.map((k) => k.item);
}
