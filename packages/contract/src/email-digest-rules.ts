// Free of zod, like the other *-rules files: the server's digest job and the web's profile read it.
import { FAMILY_ACCOUNT_TYPES } from './quiet-hours-rules';

/** DESIGN §11 "E-mail digests": how often a user hears of their children's new ratings by e-mail. */
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'off'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** When a digest is due, in the reader's own zone: every day at 16:00, or Fridays (ISO weekday 5) at 16:00. */
export const DIGEST_SEND_TIME = { hour: 16, minute: 0, weekday: 5 } as const;

/** Families hear weekly unless they choose otherwise; other accounts (teachers) have no digest unless they ask. */
export const defaultDigest = (accountType: string): DigestFrequency =>
  (FAMILY_ACCOUNT_TYPES as readonly string[]).includes(accountType) ? 'weekly' : 'off';
