import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** A tus upload id as this server makes them (the library's default: 16 random bytes in hex). */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** What is kept of a finished upload, so that a client whose last answer was lost can still learn its media. */
export interface FinishedUpload {
  owner: number;
  mediaId: number;
  size: number;
}

/** How long a finished upload's record is kept, for a client whose last answer was lost. */
export const FINISHED_UPLOAD_KEEP_MS = 24 * 3600_000;

/** The unfinished uploads of one user that still count: how many, the lengths they announce, the soonest to expire. */
export interface UnfinishedUploads {
  count: number;
  announcedBytes: number;
  /** When the first of them expires if no byte arrives for it (null with none). */
  firstExpiry: Date | null;
}

interface UploadInfo {
  size?: number;
  metadata?: Record<string, string | null>;
}

/**
 * The folder of resumable uploads under DATA_DIR: the tus file store keeps each upload's bytes as `<id>` and its
 * description as `<id>.json` in `partial/`; `finished/<id>.json` remembers for a day which media a finished one made.
 * Local disk on purpose: bytes arrive in pieces and are appended, which an object store cannot do; several instances
 * must share DATA_DIR (or route an upload's requests to one instance) for an upload to continue on another.
 */
export class PartialUploads {
  readonly dir: string;
  private readonly finishedDir: string;
  /**
   * Owner and length of the uploads on disk, read once each (neither changes after creation), so that a quota check
   * reads only the new descriptions: about 0.1 ms each. Only ids still on disk stay (pruned at each look, and by
   * `remove`), so it holds nothing the files do not.
   */
  private readonly described = new Map<string, { owner: number | null; size: number }>();

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'uploads', 'partial');
    this.finishedDir = path.join(dataDir, 'uploads', 'finished');
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    fs.mkdirSync(this.finishedDir, { recursive: true, mode: 0o700 });
  }

  static isId(id: string) {
    return UPLOAD_ID.test(id);
  }

  private async readJson<T>(file: string): Promise<T | null> {
    try {
      return JSON.parse(await fsp.readFile(file, 'utf8')) as T;
    } catch {
      return null;
    }
  }

  /** The user an upload in progress belongs to (the server writes it at creation), or null for an unknown id. */
  async ownerOf(id: string): Promise<number | null> {
    if (!PartialUploads.isId(id)) return null;
    return ownerIn(await this.readJson<UploadInfo>(path.join(this.dir, `${id}.json`)));
  }

  /**
   * The last progress of an upload: its bytes file changes with every piece that arrives, its description at creation
   * and when a PATCH starts (`touch`). Null when neither is there.
   */
  async lastProgress(id: string): Promise<number | null> {
    const times = await Promise.all(
      [path.join(this.dir, id), path.join(this.dir, `${id}.json`)].map((f) =>
        fsp.stat(f).then(
          (st) => st.mtimeMs,
          () => null,
        ),
      ),
    );
    const known = times.filter((t) => t !== null);
    return known.length ? Math.max(...known) : null;
  }

  /** Whether an upload made no progress for `idleMs` before `now` (it has expired, swept or not yet). */
  async isIdle(id: string, now: number, idleMs: number) {
    const last = await this.lastProgress(id);
    return last === null || last < now - idleMs;
  }

  /** A PATCH starts: the upload is in use, whatever its bytes do (the sweep must not take it from under the request). */
  async touch(id: string) {
    const now = new Date();
    await fsp.utimes(path.join(this.dir, `${id}.json`), now, now).catch(() => undefined);
  }

  /**
   * The user's unfinished uploads that have not expired, read from the store's descriptions on disk: the truth every
   * instance sharing DATA_DIR sees. Nothing else is kept about them, so erasing the uploads erases the count.
   */
  async unfinishedOf(userId: number, now: number, idleMs: number): Promise<UnfinishedUploads> {
    const out: UnfinishedUploads = { count: 0, announcedBytes: 0, firstExpiry: null };
    const ids = await this.ids(this.dir);
    const present = new Set(ids);
    for (const id of this.described.keys()) if (!present.has(id)) this.described.delete(id);
    for (const id of ids) {
      let known = this.described.get(id);
      if (!known) {
        const info = await this.readJson<UploadInfo>(path.join(this.dir, `${id}.json`));
        // Bytes without their description yet (being created, or being removed): not counted, looked at next time.
        if (!info) continue;
        known = { owner: ownerIn(info), size: Number(info.size) || 0 };
        this.described.set(id, known);
      }
      if (known.owner !== userId) continue;
      const last = await this.lastProgress(id);
      if (last === null || last < now - idleMs) continue;
      out.count++;
      out.announcedBytes += known.size;
      const expiry = new Date(last + idleMs);
      if (!out.firstExpiry || expiry < out.firstExpiry) out.firstExpiry = expiry;
    }
    return out;
  }

  async finished(id: string): Promise<FinishedUpload | null> {
    if (!PartialUploads.isId(id)) return null;
    return this.readJson<FinishedUpload>(path.join(this.finishedDir, `${id}.json`));
  }

  async markFinished(id: string, done: FinishedUpload) {
    await fsp.writeFile(path.join(this.finishedDir, `${id}.json`), JSON.stringify(done), { mode: 0o600 });
  }

  /** Removes an upload's bytes and description, whatever state it is in. */
  async remove(id: string) {
    this.described.delete(id);
    await Promise.all([fsp.rm(path.join(this.dir, id), { force: true }), fsp.rm(path.join(this.dir, `${id}.json`), { force: true })]);
  }

  /** The uploads of these users, in progress or finished (an account deletion takes them with it). */
  async removeOwnedBy(userIds: number[]): Promise<number> {
    const users = new Set(userIds);
    let removed = 0;
    for (const id of await this.ids(this.dir)) {
      const owner = await this.ownerOf(id);
      if (owner === null || !users.has(owner)) continue;
      await this.remove(id);
      removed++;
    }
    for (const id of await this.ids(this.finishedDir)) {
      const done = await this.finished(id);
      if (done && users.has(done.owner)) await fsp.rm(path.join(this.finishedDir, `${id}.json`), { force: true });
    }
    return removed;
  }

  /**
   * Removes uploads that made no progress for `idleMs` before `now` (`lastProgress`), and the records of finished
   * ones older than `finishedMs`.
   */
  async sweep(now: Date, idleMs: number, finishedMs = FINISHED_UPLOAD_KEEP_MS): Promise<{ partial: number; finished: number }> {
    let partial = 0;
    let finished = 0;
    for (const id of await this.ids(this.dir)) {
      if (!(await this.isIdle(id, now.getTime(), idleMs))) continue;
      await this.remove(id);
      partial++;
    }
    for (const id of await this.ids(this.finishedDir)) {
      const file = path.join(this.finishedDir, `${id}.json`);
      const st = await fsp.stat(file).catch(() => null);
      if (st && st.mtimeMs >= now.getTime() - finishedMs) continue;
      await fsp.rm(file, { force: true });
      finished++;
    }
    return { partial, finished };
  }

  /** The upload ids present in a folder (by their bytes or their description; anything else is not ours). */
  private async ids(dir: string): Promise<string[]> {
    const names = await fsp.readdir(dir).catch(() => [] as string[]);
    return [...new Set(names.map((n) => n.replace(/\.json$/, '')).filter((n) => PartialUploads.isId(n)))];
  }
}

function ownerIn(info: UploadInfo | null): number | null {
  const owner = Number(info?.metadata?.owner);
  return Number.isInteger(owner) && owner > 0 ? owner : null;
}
