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

/** A day without progress and a partial upload is abandoned (DESIGN §7): the job removes it. */
export const PARTIAL_UPLOAD_IDLE_MS = 24 * 3600_000;

/**
 * The folder of resumable uploads under DATA_DIR: the tus file store keeps each upload's bytes as `<id>` and its
 * description as `<id>.json` in `partial/`; `finished/<id>.json` remembers for a day which media a finished one made.
 * Local disk on purpose: bytes arrive in pieces and are appended, which an object store cannot do; several instances
 * must share DATA_DIR (or route an upload's requests to one instance) for an upload to continue on another.
 */
export class PartialUploads {
  readonly dir: string;
  private readonly finishedDir: string;

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
    const info = await this.readJson<{ metadata?: Record<string, string | null> }>(path.join(this.dir, `${id}.json`));
    const owner = Number(info?.metadata?.owner);
    return Number.isInteger(owner) && owner > 0 ? owner : null;
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
   * Removes uploads that made no progress for `idleMs` before `now`: the bytes file changes with every piece that
   * arrives, so its modification time is the last progress. Finished records go after the same time.
   */
  async sweep(now: Date, idleMs = PARTIAL_UPLOAD_IDLE_MS): Promise<{ partial: number; finished: number }> {
    const before = now.getTime() - idleMs;
    const idle = async (file: string) => {
      const st = await fsp.stat(file).catch(() => null);
      return st === null || st.mtimeMs < before;
    };
    let partial = 0;
    let finished = 0;
    for (const id of await this.ids(this.dir)) {
      if (!(await idle(path.join(this.dir, id))) || !(await idle(path.join(this.dir, `${id}.json`)))) continue;
      await this.remove(id);
      partial++;
    }
    for (const id of await this.ids(this.finishedDir)) {
      const file = path.join(this.finishedDir, `${id}.json`);
      if (!(await idle(file))) continue;
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
