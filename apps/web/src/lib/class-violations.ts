import { CLASS_MESSAGES } from '@skillroom/contract/rules';
import type { Violation } from '@skillroom/contract/types';
import type { IntlShape } from 'react-intl';
import type { ZodError } from 'zod';
import { ApiError } from './api-client';
import { translateViolation, type FieldErrors } from './violations';

/**
 * The class and student rules' own violation texts (the server's, word for word) and their translations.
 * The generic texts (blank, too long…) are translated by lib/violations.
 */
const known: Record<string, string> = {
  [CLASS_MESSAGES.endBeforeStart]: 'web_classes_violation_end_before_start',
  [CLASS_MESSAGES.year]: 'web_classes_violation_year',
  'This school does not exist.': 'web_classes_violation_school',
  'This education level does not exist.': 'web_classes_violation_education_level',
  'This value should be one of your class avatar images.': 'web_classes_violation_class_avatar',
  'This value should be one of your subscriptions.': 'web_classes_violation_subscription',
  'An individual class needs a subscription that allows individual classes.': 'web_classes_violation_individual',
  'An individual class holds one student only.': 'web_classes_violation_individual_students',
  'The new owner must be a co-teacher of this class.': 'web_classes_violation_creator',
  'This teaching class does not exist.': 'web_classes_violation_class',
  'This teaching class student does not exist.': 'web_classes_violation_place',
  'This value should be one of your student avatar images or a predefined one.': 'web_classes_violation_student_avatar',
  'This student is already in this class.': 'web_classes_violation_duplicate',
};

export function translateClassViolation(intl: IntlShape, message: string): string {
  const id = known[message];
  return id ? intl.formatMessage({ id }) : translateViolation(intl, message);
}

/** One translated message per field (the first), keyed by propertyPath. */
export function classFieldErrors(intl: IntlShape, violations: Violation[]): FieldErrors {
  const out: FieldErrors = {};
  for (const v of violations) out[v.propertyPath] ??= translateClassViolation(intl, v.message);
  return out;
}

export const zodViolations = (error: ZodError): Violation[] =>
  error.issues.map((i) => ({ propertyPath: i.path.join('.'), message: i.message }));

/** The violations of a 400, or null when the call failed some other way. */
export const violationsOf = (e: unknown): Violation[] | null =>
  e instanceof ApiError && e.status === 400 && e.violations.length ? e.violations : null;

/**
 * The errors a form cannot put next to one of its fields, joined for an alert above the form: a violation on a
 * property the form has no field for (the class of a new student, say) must still be read.
 */
export function otherErrors(errors: FieldErrors, fields: readonly string[]): string | null {
  const rest = Object.entries(errors).filter(([k]) => !fields.includes(k));
  return rest.length ? rest.map(([, m]) => m).join(' ') : null;
}
