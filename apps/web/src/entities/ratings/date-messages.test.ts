import { RATING_MESSAGES } from '@skillroom/contract/rules';
import { V } from '@skillroom/contract/messages';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { outsideClassDates, translateDateViolation } from './date-messages';

const intl = createIntl({
  locale: 'en',
  messages: { web_capture_date_in_future: 'Not in the future.', web_violation_blank: 'Fill this in.' },
});

describe("a rating form's words on its date", () => {
  it("says the server's words on the date in the reader's language, and any other as every form does", () => {
    expect(translateDateViolation(intl, RATING_MESSAGES.dateInFuture)).toBe('Not in the future.');
    expect(translateDateViolation(intl, V.blank)).toBe('Fill this in.');
    expect(translateDateViolation(intl, 'Not a skill of this class.')).toBe('Not a skill of this class.');
  });

  it("knows a refusal that names the class's dates", () => {
    expect(outsideClassDates(['Invalid input.', RATING_MESSAGES.dateAfterClass])).toBe(true);
    expect(outsideClassDates([RATING_MESSAGES.dateInFuture])).toBe(false);
  });
});
