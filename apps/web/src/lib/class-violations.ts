import { CLASS_MESSAGES, GROWTH_MESSAGES, MESSAGE_MESSAGES } from '@skillroom/contract/rules';
import type { IntlShape } from 'react-intl';
import { translateViolation } from './violations';

/**
 * The class and student rules' own violation texts (the server's, word for word) and their translations.
 * The generic texts (blank, too long…) are translated by lib/violations.
 */
const known: Record<string, string> = {
  [CLASS_MESSAGES.endBeforeStart]: 'web_classes_violation_end_before_start',
  [CLASS_MESSAGES.year]: 'web_classes_violation_year',
  [GROWTH_MESSAGES.coverageDays]: 'web_classes_violation_coverage_days',
  [MESSAGE_MESSAGES.officeOrder]: 'web_messages_office_hours_order',
  [MESSAGE_MESSAGES.officeDays]: 'web_messages_office_hours_no_day',
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
