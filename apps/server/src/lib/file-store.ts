import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where media bytes live. Local disk under DATA_DIR/media; an S3 store implements the same shape. */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Readable>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** A direct link when the store has one (S3); null for local disk. */
  publicUrl(key: string): string | null;
}

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

  async get(key: string) {
    const p = this.file(key);
    await fsp.access(p);
    return fs.createReadStream(p);
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

  publicUrl() {
    return null;
  }
}
