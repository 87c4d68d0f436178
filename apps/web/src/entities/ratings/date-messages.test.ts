import { RATING_MESSAGES } from '@skillroom/contract/rules';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { dateRefusal } from './date-messages';

const intl = createIntl({ locale: 'en', messages: { web_capture_date_in_future: 'Not in the future.' } });
const refused = (violations: { propertyPath: string; message: string }[]) => new ApiError(400, 'Invalid input.', violations);

describe("a refused save's words, where they belong", () => {
  it("puts a date violation beside the date, in the reader's language, and says nothing else when that is all", () => {
    expect(dateRefusal(intl, refused([{ propertyPath: 'date', message: RATING_MESSAGES.dateInFuture }]))).toEqual({
      date: 'Not in the future.',
      other: null,
    });
  });

  it('keeps the rest, and the refusal, above the buttons, once each', () => {
    const e = refused([
      { propertyPath: 'learningAction', message: 'Not a skill of this class.' },
      { propertyPath: 'medias.0', message: 'Invalid input.' },
    ]);
    expect(dateRefusal(intl, e)).toEqual({ date: null, other: 'Invalid input. Not a skill of this class.' });
  });
});
