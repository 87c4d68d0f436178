import { V } from '@skillroom/contract/messages';
import type { Violation } from '@skillroom/contract/types';
import type { IntlShape } from 'react-intl';
import type { ZodError } from 'zod';
import { ApiError } from './api-client';

const fixed: Record<string, string> = {
  [V.blank]: 'web_violation_blank',
  [V.email]: 'web_violation_email',
  [V.choice]: 'web_violation_choice',
  [V.type]: 'web_violation_type',
  [V.reference]: 'web_violation_reference',
  [V.date]: 'web_violation_date',
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

export type FieldErrors = Record<string, string>;

/** One message per field (the first), keyed by propertyPath; '' holds errors of no field. */
export function toFieldErrors(intl: IntlShape, violations: Violation[]): FieldErrors {
  const out: FieldErrors = {};
  for (const v of violations) out[v.propertyPath] ??= translateViolation(intl, v.message);
  return out;
}

export function zodFieldErrors(intl: IntlShape, error: ZodError): FieldErrors {
  return toFieldErrors(
    intl,
    error.issues.map((i) => ({ propertyPath: i.path.join('.'), message: i.message })),
  );
}

/** Field errors of a failed call: its violations, or its message under ''. */
export function apiFieldErrors(intl: IntlShape, error: unknown, fallback: string): FieldErrors {
  if (error instanceof ApiError && error.violations.length) return toFieldErrors(intl, error.violations);
  return { '': error instanceof ApiError && error.status !== 0 ? error.message : fallback };
}

/** A form's answer to a failed send: the server's violations under their fields, anything else (the network down too) the form's. */
export const refusalShown = (intl: IntlShape, setErrors: (errors: FieldErrors) => void) => (err: unknown) =>
  setErrors(apiFieldErrors(intl, err, intl.formatMessage({ id: 'web_common_fetch_failed' })));
