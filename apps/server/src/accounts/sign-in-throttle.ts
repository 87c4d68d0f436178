import { TooManyRequests } from '../http/errors';
import type { DbOrTx } from '../db/client';
import { sha256 } from '../lib/secrets';
import { credentialsRepository } from './credentials.repository';

/** Failed attempts allowed before the lock starts; each failure after them doubles it, from 30 s up to 15 minutes. */
export const FREE_FAILURES = 5;
const FIRST_LOCK_MS = 30_000;
const MAX_LOCK_MS = 15 * 60_000;

export const lockDelayMs = (failures: number) => (failures < FREE_FAILURES ? 0 : Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** (failures - FREE_FAILURES)));

/**
 * What failures are counted against: the account when the login names one, else the login name itself, so that an
 * unknown name locks exactly as an account does and the lock says nothing about who has an account.
 */
export const throttleKey = (userId: number | null, login: string) => (userId !== null ? `user:${userId}` : `login:${sha256(login.trim().toLowerCase())}`);

const locked = (until: Date) => {
  const seconds = Math.ceil((until.getTime() - Date.now()) / 1000);
  const minutes = Math.ceil(seconds / 60);
  return new TooManyRequests(`Too many failed sign-ins: please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, seconds);
};

export const signInThrottle = {
  /**
   * Counts an attempt before the password is looked at, so that parallel guesses cannot slip past the lock:
   * 429 while the key is locked, or when this attempt is beyond the free ones before a lock was set.
   * Answers the attempt's number, for `failed`.
   */
  async begin(db: DbOrTx, key: string): Promise<number> {
    const { failures, lockedUntil } = await credentialsRepository.countAttempt(db, key);
    if (lockedUntil && lockedUntil.getTime() > Date.now()) throw locked(lockedUntil);
    if (!lockedUntil && failures > FREE_FAILURES) {
      const until = new Date(Date.now() + lockDelayMs(failures - 1));
      await credentialsRepository.lockUntil(db, key, until);
      throw locked(until);
    }
    return failures;
  },

  /** The attempt `begin` counted was wrong: from the FREE_FAILURES-th on, the key is locked, longer each time. */
  async failed(db: DbOrTx, key: string, failures: number) {
    const delay = lockDelayMs(failures);
    if (delay) await credentialsRepository.lockUntil(db, key, new Date(Date.now() + delay));
  },

  succeeded: (db: DbOrTx, key: string) => credentialsRepository.clearFailures(db, key),
};
