import { DEFAULT_LOCALE, type Locale } from '@skillroom/contract';
import { isLocale } from '../translations/translations.service';
import type { LetterClass } from './family-letters.repository';

// Apart from the service: the PDF renderer runs in a worker thread, which then loads no database code.
/** The language of a letter: the place's, else the class creator's, else the default. */
export const letterLanguage = (cls: Pick<LetterClass, 'creatorLanguage'>, placeLanguage: string | null): Locale =>
  placeLanguage && isLocale(placeLanguage) ? placeLanguage : isLocale(cls.creatorLanguage) ? cls.creatorLanguage : DEFAULT_LOCALE;
