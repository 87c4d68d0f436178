import { INVITATION_MESSAGES } from '@skillroom/contract/messages';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { invitationErrorText } from './invitation-error';

const intl = createIntl({ locale: 'en', messages: {}, onError: () => undefined });

describe("an invitation's failure, as the user reads it (spec §8)", () => {
  it("turns each of the contract's messages into its translated text, from a 409 or a 400's violation", () => {
    expect(invitationErrorText(intl, new ApiError(409, INVITATION_MESSAGES.teacherRequestPending))).toBe('web_invitation_error_teacherRequestPending');
    const violation = new ApiError(400, 'invitationCode: …', [{ propertyPath: 'invitationCode', message: INVITATION_MESSAGES.classFinished }]);
    expect(invitationErrorText(intl, violation)).toBe('web_invitation_error_classFinished');
  });

  it("shows any other server message as it came, and the fallback for a network failure or none", () => {
    expect(invitationErrorText(intl, new ApiError(403, 'Something the server said.'))).toBe('Something the server said.');
    expect(invitationErrorText(intl, new ApiError(0, 'Unable to retrieve data.'))).toBe('web_common_fetch_failed');
    expect(invitationErrorText(intl, new Error('boom'), 'web_invitation_error_reject')).toBe('web_invitation_error_reject');
  });
});
