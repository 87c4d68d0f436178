import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A byte range, both ends included (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where media bytes live. Local disk under DATA_DIR/media by default; S3 when configured. */
export interface FileStore {
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Moves a finished local file into the store (uploads are spooled to disk first, so videos never sit in memory). */
  putFile(key: string, filePath: string, contentType?: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Whether the store hands out links of its own (S3 presigned links); media then carry `s3_url`. */
  readonly hasLinks: boolean;
  /**
   * An expiring link straight to a stored file when the store has them (S3); null for local disk. `served` sets the
   * type and Content-Disposition the store answers with, as our own file route would.
   */
  linkFor(key: string, served?: ServedAs): Promise<string | null>;
  /** Every stored key with its last change, page by page (the orphan sweep compares them with the media rows). */
  list(): AsyncIterable<StoredFile>;
}

export interface ServedAs {
  mime: string;
  disposition: string;
}

export interface StoredFile {
  key: string;
  modified: Date;
}

/**
 * The store failed or did not answer in time (S3 answering 5xx, refusing, timing out): answered 503 with nothing
 * kept, never as a missing file nor as a database outage. The message names the operation, never a link or a secret.
 */
export class FileStoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FileStoreUnavailable';
  }
}

/** A key with no file under it: what `get` throws for a missing file, whatever the store (a 404 to the reader). */
export const missingFile = (key: string) => Object.assign(new Error(`No stored file under ${key}`), { code: 'ENOENT' });

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private file(key: string) {
    const p = path.resolve(this.root, key);
    if (!p.startsWith(this.root + path.sep)) throw new Error('Invalid storage key');
    return p;
  }

  async put(key: string, data: Buffer) {
    const p = this.file(key);
    await fsp.mkdir(path.dirname(p), { recursive: true });
    // Written under a temporary name and renamed, so a crash never leaves half a file under the real key.
    const tmp = `${p}.${process.pid}.tmp`;
    await fsp.writeFile(tmp, data);
    await fsp.rename(tmp, p);
  }

  async putFile(key: string, filePath: string) {
    const p = this.file(key);
    await fsp.mkdir(path.dirname(p), { recursive: true });
    const tmp = `${p}.${process.pid}.tmp`;
    // Copy rather than rename: the spool folder may be on another file system.
    await fsp.copyFile(filePath, tmp);
    await fsp.rename(tmp, p);
  }

  async get(key: string, range?: ByteRange) {
    const p = this.file(key);
    await fsp.access(p);
    return fs.createReadStream(p, range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string) {
    try {
      return (await fsp.stat(this.file(key))).size;
    } catch {
      return null;
    }
  }

  async remove(key: string) {
    await fsp.rm(this.file(key), { force: true });
  }

  readonly hasLinks = false;

  async linkFor() {
    return null;
  }

  async *list(): AsyncIterable<StoredFile> {
    const entries = await fsp.readdir(this.root, { recursive: true, withFileTypes: true });
    for (const e of entries) {
      if (!e.isFile()) continue;
      const full = path.join(e.parentPath, e.name);
      const stat = await fsp.stat(full).catch(() => null);
      // Keys use '/' whatever the platform, as the media rows name them.
      if (stat) yield { key: path.relative(this.root, full).split(path.sep).join('/'), modified: stat.mtime };
    }
  }
}
