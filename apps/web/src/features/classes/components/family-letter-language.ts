import { DEFAULT_LOCALE, LOCALES, type Locale } from '@skillroom/contract/constants';
import type { FamilyLetterDefaults } from '@skillroom/contract/types';

type Place = { id: number; familyLanguage?: Locale | null };

export const isLocale = (v: string): v is Locale => (LOCALES as readonly string[]).includes(v);

/** What the server prints a place's letter in when the dialog writes nothing: null when the class has no language. */
export function printedLanguage(place: Place, d: FamilyLetterDefaults): Locale | null {
  return place.familyLanguage ?? d.familyLanguages.find((f) => f.teachingClassStudent === place.id)?.language ?? d.language;
}

/**
 * The language a family's letter starts on in the dialog (issue 36 §5): the one the teacher gave the place, else the
 * family's known one (a linked user's preferred language), else the class's (its creator's, DESIGN §8), else the
 * reader's interface language.
 */
export function letterLanguageDefault(place: Place, d: FamilyLetterDefaults, reader: string): Locale {
  return printedLanguage(place, d) ?? (isLocale(reader) ? reader : DEFAULT_LOCALE);
}
