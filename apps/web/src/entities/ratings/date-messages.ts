import { RATING_MESSAGES } from '@skillroom/contract/rules';
import type { IntlShape } from 'react-intl';
import { translateViolation } from '../../lib/violations';

// The server's words on a rating's date (DESIGN §7), in the reader's language.
const DATE_MESSAGES: Record<string, string> = {
  [RATING_MESSAGES.dateBeforeClass]: 'web_capture_date_before_class',
  [RATING_MESSAGES.dateAfterClass]: 'web_capture_date_after_class',
  [RATING_MESSAGES.dateInFuture]: 'web_capture_date_in_future',
};

/**
 * How a rating's form (and a home observation's) reads its messages: the server's words on the date in the reader's
 * language, any other as every form reads it. The date's violations go beside the date field (the form's `date`).
 */
export const translateDateViolation = (intl: IntlShape, message: string) =>
  DATE_MESSAGES[message] ? intl.formatMessage({ id: DATE_MESSAGES[message] }) : translateViolation(intl, message);

/** The refusal names the class's dates: the class's editors get a way to change them (issue 36 §10). */
export const outsideClassDates = (messages: string[]) =>
  messages.some((m) => m === RATING_MESSAGES.dateBeforeClass || m === RATING_MESSAGES.dateAfterClass);
