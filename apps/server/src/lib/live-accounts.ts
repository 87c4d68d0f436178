import { LRUCache } from 'lru-cache';

/**
 * Whether the account of an access token still exists (DESIGN §6 "Accounts": a deleted account's session ends at
 * once). Access tokens are stateless, so the auth scope asks the database; a positive answer is kept for a few
 * seconds per database, and the instance that deletes an account forgets it at once. Another instance may honour the
 * token for at most ACCOUNT_CHECK_TTL_MS more, with nothing left to read: every row of the account is gone.
 */
export const ACCOUNT_CHECK_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

// Keyed by the database handle, so that two servers in one process (tests, a peer) never share answers.
const caches = new WeakMap<object, LRUCache<number, true>>();

function cacheOf(db: object) {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new LRUCache<number, true>({ max: MAX_ENTRIES, ttl: ACCOUNT_CHECK_TTL_MS })));
  return c;
}

export async function isLiveAccount(db: object, userId: number, exists: () => Promise<boolean>): Promise<boolean> {
  const cache = cacheOf(db);
  if (cache.get(userId)) return true;
  if (!(await exists())) {
    cache.delete(userId);
    return false;
  }
  cache.set(userId, true);
  return true;
}

/** Called when an account is deleted: its tokens stop working on this instance with the next request. */
export function forgetAccount(db: object, userId: number) {
  cacheOf(db).delete(userId);
}
