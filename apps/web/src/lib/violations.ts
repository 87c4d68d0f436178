import { V } from '@skillroom/contract/messages';
import type { Violation } from '@skillroom/contract/types';
import type { IntlShape } from 'react-intl';
import { ApiError } from './api-client';

const fixed: Record<string, string> = {
  [V.blank]: 'web_violation_blank',
  [V.email]: 'web_violation_email',
  [V.choice]: 'web_violation_choice',
  [V.type]: 'web_violation_type',
  [V.reference]: 'web_violation_reference',
  [V.date]: 'web_violation_date',
  [V.time]: 'web_violation_time',
  [V.currentPassword]: 'web_violation_current_password',
  [V.dateRange]: 'web_violation_date_range',
  [V.character]: 'web_violation_character',
};

/** The contract's violation texts in the reader's language; any other server text as it came. */
export function translateViolation(intl: IntlShape, message: string): string {
  const id = fixed[message];
  if (id) return intl.formatMessage({ id });
  const short = /too short\. It should have (\d+) characters/.exec(message);
  if (short) return intl.formatMessage({ id: 'web_violation_too_short' }, { n: Number(short[1]) });
  const long = /too long\. It should have (\d+) characters/.exec(message);
  if (long) return intl.formatMessage({ id: 'web_violation_too_long' }, { n: Number(long[1]) });
  return message;
}

/** The violations of a 400, or null when the call failed some other way. */
export const violationsOf = (e: unknown): Violation[] | null =>
  e instanceof ApiError && e.status === 400 && e.violations.length ? e.violations : null;

export type Translate = (intl: IntlShape, message: string) => string;
const KEY = /^web_[A-Za-z0-9_]+$/;
/** A form-level message may gather several texts: kept apart, each translated where it is shown. */
export const SEPARATOR = '\n';

/** A form's message in the reader's words (one text, a `web_` key, or several texts of the whole form). */
export function readFormMessage(intl: IntlShape, message: string, translate: Translate = translateViolation): string {
  return message
    .split(SEPARATOR)
    .map((m) => (KEY.test(m) ? intl.formatMessage({ id: m }) : translate(intl, m)))
    .join(' ');
}
