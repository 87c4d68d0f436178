import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { readMultipart, skipPart } from '../../http/multipart-reader';

/** An uploaded file written to the spool folder, not yet checked. */
export interface SpooledFile {
  path: string;
  size: number;
  originalName: string;
}

export interface UploadParts {
  fields: Record<string, string>;
  file: SpooledFile | null;
  /** Removes the spooled file; always called, whatever became of the upload. */
  cleanup(): Promise<void>;
}

/** The specification's client names the file `mediaFile[file]`; plain `mediaFile` is taken too. */
const FILE_FIELDS = new Set(['mediaFile[file]', 'mediaFile']);

const human = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
export const tooLarge = (limit: number) => new HttpError(413, `The file is too large: at most ${human(limit)} for this media type.`);

/**
 * Reads a multipart upload, streaming the file to disk so that a large video is never held in memory.
 * `limitOf` gives the size limit from the fields read so far (mediaType usually comes first); a file over it
 * is cut off at once with a 413 rather than read to its end.
 */
export async function readUploadParts(
  req: FastifyRequest,
  spoolDir: string,
  limitOf: (fields: Record<string, string>) => number,
): Promise<UploadParts> {
  let file: SpooledFile | null = null;
  let tmp: string | null = null;
  let fields: Record<string, string>;
  try {
    fields = await readMultipart(req, async (f) => {
      if (!FILE_FIELDS.has(f.part.fieldname) || file) return skipPart(f);
      const limit = limitOf(f.fields);
      tmp = path.join(spoolDir, crypto.randomUUID());
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          f.digested?.update(chunk);
          if (size > limit) done(tooLarge(limit));
          else done(null, chunk);
        },
      });
      await pipeline(f.part.file, counter, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      if (f.part.file.truncated) throw tooLarge(limit);
      file = { path: tmp, size, originalName: f.part.filename ?? '' };
    });
  } catch (e) {
    if (tmp) await fsp.rm(tmp, { force: true });
    throw e;
  }
  const kept: string | null = tmp;
  return {
    fields,
    file,
    cleanup: async () => {
      if (kept) await fsp.rm(kept, { force: true });
    },
  };
}

/** Removes spooled files a crash left behind; recent ones may belong to an upload still running in another process. */
export function sweepSpool(dir: string, olderThanMs = 3600_000) {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(dir)) {
    const p = path.join(dir, name);
    try {
      if (Date.now() - fs.statSync(p).mtimeMs > olderThanMs) fs.rmSync(p, { force: true });
    } catch {
      // Gone already: another process swept it.
    }
  }
}

/** A client's file name as shown back to people: no folders, no control characters, a sane length. */
export function cleanOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // Control characters (and quotes) are exactly what a shown file name must not hold.
  const clean = [...base.normalize('NFC')]
    .filter((c) => c > '\u001f' && c !== '\u007f' && c !== '"')
    .join('')
    .trim();
  return clean.slice(-200) || 'upload';
}

/** The extension of a client's file name, if it is a plain one (used only for files whose type cannot be sniffed). */
export function extensionOf(name: string): string | null {
  const m = /\.([a-z0-9]{1,8})$/i.exec(name);
  return m ? m[1]!.toLowerCase() : null;
}
