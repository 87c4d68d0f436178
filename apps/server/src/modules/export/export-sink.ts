import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const FLUSH_BYTES = 64 * 1024;

/**
 * Text written to a temporary file through a small buffer: an export's index, CSV and JSON grow with the record, so
 * they go to disk as they are made (memory stays flat) and their size is known before the zip is sent.
 */
export class TextSink {
  private parts: string[] = [];
  private pending = 0;
  private written = 0;

  private constructor(
    readonly file: string,
    private readonly fh: fsp.FileHandle,
  ) {}

  static async open(file: string) {
    await fsp.mkdir(path.dirname(file), { recursive: true });
    return new TextSink(file, await fsp.open(file, 'w'));
  }

  async write(text: string) {
    this.parts.push(text);
    this.pending += text.length;
    if (this.pending >= FLUSH_BYTES) await this.flush();
  }

  private async flush() {
    if (!this.parts.length) return;
    const buf = Buffer.from(this.parts.join(''), 'utf8');
    this.parts = [];
    this.pending = 0;
    await this.fh.write(buf);
    this.written += buf.length;
  }

  /** Flushes and closes; answers the file's size in bytes. */
  async close(): Promise<number> {
    try {
      await this.flush();
    } finally {
      await this.fh.close();
    }
    return this.written;
  }
}

/** A temporary folder per export, under DATA_DIR/tmp/exports; always removed when the answer ends, whatever way. */
export class ExportWorkspace {
  private constructor(readonly dir: string) {}

  static async create(root: string) {
    await fsp.mkdir(root, { recursive: true });
    return new ExportWorkspace(await fsp.mkdtemp(path.join(root, 'x-')));
  }

  path(...parts: string[]) {
    return path.join(this.dir, ...parts);
  }

  async writeFile(name: string, data: Buffer) {
    const file = this.path(name);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await fsp.writeFile(file, data);
    return { file, size: data.length };
  }

  /** Writes a stream (a PDF as it is made) to a file of the workspace; answers its path and size. */
  async writeStream(name: string, data: NodeJS.ReadableStream) {
    const file = this.path(name);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    await pipeline(data, fs.createWriteStream(file));
    return { file, size: (await fsp.stat(file)).size };
  }

  remove() {
    return fsp.rm(this.dir, { recursive: true, force: true });
  }
}

/** Removes export folders a crash left behind (an export in progress elsewhere is younger than `olderThanMs`). */
export function sweepExports(root: string, olderThanMs = 6 * 3600_000) {
  fs.mkdirSync(root, { recursive: true });
  for (const name of fs.readdirSync(root)) {
    const p = path.join(root, name);
    try {
      if (Date.now() - fs.statSync(p).mtimeMs > olderThanMs) fs.rmSync(p, { recursive: true, force: true });
    } catch {
      // Gone already: another process swept it.
    }
  }
}
