import { RATING_MESSAGES } from '@skillroom/contract/rules';
import type { IntlShape } from 'react-intl';
import type { ApiError } from '../../lib/api-client';

// The server's words on a rating's date (DESIGN §7), in the reader's language.
const DATE_MESSAGES: Record<string, string> = {
  [RATING_MESSAGES.dateBeforeClass]: 'web_capture_date_before_class',
  [RATING_MESSAGES.dateAfterClass]: 'web_capture_date_after_class',
  [RATING_MESSAGES.dateInFuture]: 'web_capture_date_in_future',
};

/** A violation's message on a rating's (or a home observation's) date, in the reader's language when it is one we know. */
export const dateMessage = (intl: IntlShape, message: string) =>
  DATE_MESSAGES[message] ? intl.formatMessage({ id: DATE_MESSAGES[message] }) : message;

/**
 * A refused save of a rating or a home observation, told where it belongs: the date's violations beside the date field,
 * the rest (and the refusal's own words) above the buttons; null where nothing is to be said.
 */
export function dateRefusal(intl: IntlShape, e: ApiError) {
  const onDate = e.violations.filter((v) => v.propertyPath === 'date').map((v) => dateMessage(intl, v.message));
  const rest = e.violations.filter((v) => v.propertyPath !== 'date').map((v) => v.message);
  return {
    date: onDate.length ? onDate.join(' ') : null,
    other: onDate.length && !rest.length ? null : [e.message, ...rest].filter((x, i, all) => all.indexOf(x) === i).join(' '),
  };
}
