import { z } from 'zod';
import { V } from './common';

/**
 * C0 controls, DEL and C1 controls (Unicode's general category Cc, exactly U+0000–U+001F and U+007F–U+009F): nothing a
 * person types into a name (a bell, an escape sequence, a stray NEL).
 */
const CONTROLS = /\p{Cc}/gu;

/**
 * A name as kept, the one rule for every name (a student's, a user's, a class's, a school's, a skill's) and for every
 * cell of a roster import: in NFC, any run of whitespace (tabs, line breaks, no-break spaces) one space, control
 * characters dropped, trimmed. Lists, letters, reports and exports then show a name on one line, as the import does,
 * and a terminal or spreadsheet that shows it never reads an escape sequence.
 */
export function cleanName(v: string): string {
  return v.normalize('NFC').replace(/\s+/g, ' ').replace(CONTROLS, '').replace(/ {2,}/g, ' ').trim();
}

/** A name that must not be blank once cleaned (`cleanName`), of at most `max` characters. */
export const personName = (max: number) =>
  z
    .string({ error: V.blank })
    .transform(cleanName)
    .pipe(
      z
        .string()
        .min(1, { error: V.blank })
        .max(max, { error: V.tooLong(max) }),
    );

/** An optional name: cleaned, and null when nothing is left (as `optionalText`). */
export const optionalPersonName = (max: number) =>
  z
    .string({ error: V.typeOf('string') })
    .transform(cleanName)
    .pipe(z.string().max(max, { error: V.tooLong(max) }))
    .nullish()
    .transform((v) => (v ? v : null));
