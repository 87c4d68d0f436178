import { INVITATION_MESSAGES } from '@skillroom/contract/messages';
import type { IntlShape } from 'react-intl';
import { ApiError } from '../../lib/api-client';

const BY_TEXT = new Map<string, string>(Object.entries(INVITATION_MESSAGES).map(([key, text]) => [text, key]));

/**
 * What a failed request, accept or reject says (spec §8: "rejected with the server's message field"): the server's
 * message, in the user's language when it is one of the contract's, else as the server wrote it.
 */
export function invitationErrorText(intl: IntlShape, e: unknown, fallbackId = 'web_common_fetch_failed'): string {
  if (!(e instanceof ApiError) || e.status === 0) return intl.formatMessage({ id: fallbackId });
  const message = e.violations[0]?.message ?? e.message;
  const key = BY_TEXT.get(message);
  if (key) return intl.formatMessage({ id: `web_invitation_error_${key}` });
  return message || intl.formatMessage({ id: fallbackId });
}
