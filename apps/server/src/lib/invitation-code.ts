import { randomInt } from 'node:crypto';
import { INVITATION_CODE_ALPHABET, INVITATION_CODE_LENGTH } from '@skillroom/contract';
import { driverError } from '../db/driver-error';

/** A random code read aloud or typed from paper: no 0/O or 1/I/L to confuse (31^8 ≈ 8.5·10^11 codes). */
export function newInvitationCode(): string {
  let code = '';
  for (let i = 0; i < INVITATION_CODE_LENGTH; i++) code += INVITATION_CODE_ALPHABET[randomInt(INVITATION_CODE_ALPHABET.length)];
  return code;
}

/** Codes are typed by people: spaces and dashes dropped, case ignored. */
export const normalizeInvitationCode = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase();

/** The name of the unique index a database error broke, or null when it is another error. */
export function brokenUniqueIndex(e: unknown): string | null {
  const x = driverError(e);
  return x?.code === '23505' ? String(x.constraint ?? x.message ?? '') : null;
}

/**
 * Runs a write that stores a fresh invitation code, again with a new code in the (very rare) event that the
 * code was taken meanwhile: the unique index decides, so two writers can never share a code.
 */
export async function withFreshCode<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await write();
    } catch (e) {
      const index = brokenUniqueIndex(e);
      if (i >= attempts || !index?.includes('invitation_code')) throw e;
    }
  }
}
