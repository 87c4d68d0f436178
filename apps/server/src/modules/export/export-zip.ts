import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { makeZip, predictLength } from 'client-zip';
import type { FileStore } from '../../lib/file-store';

/** One entry of an export: its path in the zip, its exact size, and how to read it when its turn comes. */
export interface ZipEntry {
  name: string;
  size: number;
  open: () => Promise<Readable>;
}

export const fileEntry = (name: string, file: string, size: number): ZipEntry => ({
  name,
  size,
  open: async () => fs.createReadStream(file),
});

/** An entry read from the media store (disk or S3) only when the zip reaches it. */
export const storeEntry = (files: FileStore, name: string, key: string, size: number): ZipEntry => ({
  name,
  size,
  open: () => files.get(key),
});

/**
 * The bytes of an entry, checked against the size announced in the zip's headers and Content-Length: a file that
 * changed on the way would make a corrupt zip, so the answer is cut off instead (the browser reports a failed download).
 */
async function* exactly(entry: ZipEntry): AsyncGenerator<Uint8Array> {
  const stream = await entry.open();
  let seen = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      seen += chunk.length;
      if (seen > entry.size) throw new Error('An export entry grew while it was sent');
      yield chunk;
    }
  } finally {
    stream.destroy();
  }
  if (seen !== entry.size) throw new Error('An export entry shrank while it was sent');
}

/**
 * A zip of stored (not recompressed) entries, streamed with client-zip: entries are opened one at a time as the
 * client reads, so memory stays flat; the length is known before the first byte. `signal` ends it early.
 */
export function zipStream(entries: ZipEntry[], lastModified: Date, signal?: AbortSignal) {
  const length = predictLength(entries.map((e) => ({ name: e.name, size: e.size, lastModified })));
  async function* inputs() {
    for (const e of entries) yield { name: e.name, size: e.size, lastModified, input: exactly(e) };
  }
  const body = Readable.fromWeb(makeZip(inputs(), { buffersAreUTF8: true }) as ReadableStream<Uint8Array>);
  // A client that stops reading never pulls the next chunk: the stop (the client gone, the instance stopping) cuts
  // the answer itself, whatever its reader does.
  if (signal) {
    const cut = () => body.destroy(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) cut();
    else {
      signal.addEventListener('abort', cut, { once: true });
      body.once('close', () => signal.removeEventListener('abort', cut));
    }
  }
  return { length: Number(length), body };
}
