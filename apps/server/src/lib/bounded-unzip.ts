import JSZip from 'jszip';
import yauzl from 'yauzl';

/**
 * The one place the server opens a zip it was sent (a roster workbook, an Office document to clean). A zip's headers
 * say how large each entry is, and a zip bomb lies there (an entry "of 1 KB" that inflates to gigabytes), so nothing
 * here believes them: every entry is inflated through a counter that stops the inflater as soon as the entry passes
 * its declared size or the archive passes the cap, before the bytes pile up. What callers get are trusted entries,
 * or a zip of them re-packed as STORED, which the libraries that want a zip (exceljs, jszip) read without inflating.
 */

/** The archive unpacks to more than the cap (or an entry to more than its header says: a bomb, counted as one). */
export class UnpackedTooLarge extends Error {
  constructor(public readonly maxBytes: number) {
    super(`The archive unpacks to more than ${maxBytes} bytes.`);
    this.name = 'UnpackedTooLarge';
  }
}

/** The bytes are not a zip that can be read (truncated, corrupt, encrypted, a bad name). */
export class UnreadableZip extends Error {
  constructor(cause: unknown) {
    super('The archive cannot be read.', { cause });
    this.name = 'UnreadableZip';
  }
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  date: Date;
}

export interface UnzipLimits {
  /** Bytes of all entries once inflated. */
  maxBytes: number;
  /** Entries (each costs memory before any byte is read). */
  maxEntries?: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;

const open = (bytes: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    // Sizes are checked below against our own count (validateEntrySizes would only say "wrong size", not "too much").
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: false, strictFileNames: false }, (err, zip) =>
      err || !zip ? reject(new UnreadableZip(err)) : resolve(zip),
    ),
  );

/** One entry's bytes, counted as they inflate: past its declared size or the archive's budget, the inflater stops. */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: { left: number; max: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(new UnreadableZip(err));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        budget.left -= chunk.length;
        if (size > entry.uncompressedSize || budget.left < 0) {
          stream.destroy();
          reject(new UnpackedTooLarge(budget.max));
          return;
        }
        chunks.push(chunk);
      });
      stream.once('error', (e) => reject(new UnreadableZip(e)));
      stream.once('end', () => resolve(Buffer.concat(chunks, size)));
    });
  });
}

/**
 * Every file entry of a zip, inflated and counted (directories left out). Throws `UnpackedTooLarge` at once when the
 * entries together pass `maxBytes` or an entry passes the size its header declares, `UnreadableZip` for anything else.
 */
export async function boundedUnzip(bytes: Buffer, limits: UnzipLimits): Promise<ZipEntry[]> {
  const zip = await open(bytes);
  const budget = { left: limits.maxBytes, max: limits.maxBytes };
  try {
    if (zip.entryCount > (limits.maxEntries ?? DEFAULT_MAX_ENTRIES)) throw new UnpackedTooLarge(limits.maxBytes);
    const entries: ZipEntry[] = [];
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', (e) => reject(new UnreadableZip(e)));
        zip.readEntry();
      });
      zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      if (!entry) return entries;
      if (entry.fileName.endsWith('/')) continue;
      // An honest header over the budget is refused before inflating anything (a lying one is caught by the count).
      if (entry.uncompressedSize > budget.left) throw new UnpackedTooLarge(limits.maxBytes);
      entries.push({ name: entry.fileName, data: await readEntry(zip, entry, budget), date: entry.getLastModDate() });
    }
  } finally {
    zip.close();
  }
}

/** Trusted entries as a jszip to change and write again: it holds their bytes as they are, nothing to inflate. */
export function zipOfEntries(entries: ZipEntry[]): JSZip {
  const zip = new JSZip();
  for (const e of entries) zip.file(e.name, e.data, { date: e.date, binary: true, createFolders: false });
  return zip;
}

/** Entries as a zip of STORED entries: a library given it has nothing to inflate, so no size of it to trust. */
export const storedZip = (entries: ZipEntry[]): Promise<Buffer> =>
  zipOfEntries(entries).generateAsync({ type: 'nodebuffer', compression: 'STORE' });
