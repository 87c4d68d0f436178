import { z } from 'zod';
import { V, writeBody } from './common';

/**
 * `DELETE /api/auth/v1/user/{id}` (DESIGN §6 "Accounts"): one's own account, confirmed by the current password. The
 * password is required: a stolen session alone must not be enough to erase an account.
 */
export const accountDeleteBody = writeBody({
  currentPassword: z
    .string({ error: V.blank })
    .min(1, { error: V.blank })
    .max(4096, { error: V.tooLong(4096) }),
});
export type AccountDeleteBody = z.input<typeof accountDeleteBody>;

/** What a 409 names when the account still owns classes: hand them over or delete them first. */
export const ACCOUNT_DELETION_MESSAGES = {
  ownsClasses: (names: string[]) => `You still own these classes: ${names.join(', ')}. Hand them over or delete them first.`,
} as const;
