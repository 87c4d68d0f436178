import { UPLOAD_QUOTA_MESSAGES } from '@skillroom/contract';
import { HttpError, TooManyRequests } from '../../http/errors';
import type { PartialUploads } from '../../lib/partial-uploads';

export interface UploadQuota {
  /** Unfinished resumable uploads one user may have (UPLOADS_MAX_UNFINISHED). */
  maxUnfinished: number;
  /** The sum of the lengths those announce (UPLOADS_MAX_ANNOUNCED_BYTES). */
  maxAnnouncedBytes: number;
  /** Without a byte for this long an unfinished upload expires (UPLOADS_IDLE_EXPIRY_MINUTES). */
  idleMs: number;
}

/**
 * One holder at a time per key, on this instance. A promise chain rather than a library: the only need is "wait for
 * the one before", about ten lines; p-limit (already here) would need the same map of one limiter per user and its
 * cleanup. Entries go when their last holder leaves, so nothing outlives a request.
 */
export class KeyedLock {
  private readonly tails = new Map<number, Promise<void>>();

  async acquire(key: number): Promise<() => void> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let open!: () => void;
    const mine = new Promise<void>((resolve) => (open = resolve));
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    await before;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      open();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }

  get size() {
    return this.tails.size;
  }
}

/**
 * The quota of a new resumable upload (DESIGN §7): at most `maxUnfinished` unfinished uploads per user (429, with
 * Retry-After until the first of them would expire by itself) and at most `maxAnnouncedBytes` announced by them in
 * all, this one included (413). Counted from the uploads on disk, which every instance sharing DATA_DIR sees; expired
 * ones (idle past `idleMs`, swept or not yet) do not count. Finished, deleted and erased uploads leave the disk and so
 * the count: no other record of them is kept.
 *
 * Two creations at once must not both take the last place: the check holds the user's lock until the new upload is
 * on disk (`admit` answers the release, which the caller runs when the library has created it, or when the request
 * ends). The lock is this instance's: two instances creating for one user in the same few milliseconds could each
 * pass the last place, at most one extra upload per instance, still bounded and still expiring.
 */
export class UploadQuotaGate {
  private readonly locks = new KeyedLock();

  constructor(
    private readonly partials: PartialUploads,
    private readonly quota: UploadQuota,
  ) {}

  async admit(userId: number, length: number, now = Date.now()): Promise<() => void> {
    const release = await this.locks.acquire(userId);
    try {
      const mine = await this.partials.unfinishedOf(userId, now, this.quota.idleMs);
      if (mine.count >= this.quota.maxUnfinished) {
        const wait = mine.firstExpiry ? (mine.firstExpiry.getTime() - now) / 1000 : 1;
        throw new TooManyRequests(UPLOAD_QUOTA_MESSAGES.tooMany(this.quota.maxUnfinished), Math.max(1, Math.ceil(wait)));
      }
      if (mine.announcedBytes + length > this.quota.maxAnnouncedBytes)
        throw new HttpError(413, UPLOAD_QUOTA_MESSAGES.tooManyBytes(this.quota.maxAnnouncedBytes));
      return release;
    } catch (e) {
      release();
      throw e;
    }
  }

  /** Users whose creation is being checked or written right now (zero at rest: nothing about a user stays). */
  get busyUsers() {
    return this.locks.size;
  }
}
