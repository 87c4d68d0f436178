import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * Hostile zips made in the test: an entry of zeros, DEFLATE-compressed (about 1,000 to 1), whose headers may lie
 * about its size. Written by hand because no zip library writes a header that lies.
 */
export interface BombEntry {
  name: string;
  /** The entry's bytes, when they are real content. */
  content?: Buffer;
  /** Or this many zeros, compressed a megabyte at a time (never held whole). */
  zeros?: number;
  /** What the headers say it unpacks to; the truth when left out. */
  declaredSize?: number;
}

/** `n` zeros as one raw DEFLATE stream, fed a megabyte at a time. */
async function deflatedZeros(n: number): Promise<Buffer> {
  const block = Buffer.alloc(1024 * 1024);
  async function* zeros() {
    for (let left = n; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
  }
  const out: Buffer[] = [];
  await pipeline(Readable.from(zeros()), zlib.createDeflateRaw({ level: 9 }), async (deflated: AsyncIterable<Buffer>) => {
    for await (const c of deflated) out.push(c);
  });
  return Buffer.concat(out);
}

/** A zip of these entries (DEFLATE), with their local headers and central directory saying `declaredSize`. */
export async function zipBomb(entries: BombEntry[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const data = e.content ? zlib.deflateRawSync(e.content) : await deflatedZeros(e.zeros ?? 0);
    const size = e.declaredSize ?? (e.content ? e.content.length : (e.zeros ?? 0));
    const crc = e.content ? zlib.crc32(e.content) : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    central.push(dir, name);
    offset += local.length + name.length + data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dirBytes, end]);
}

const MB = 1024 * 1024;

/** An xlsx-looking package (its parts named as a workbook's) with one part of zeros. */
export const workbookBomb = (zeros: number, declaredSize?: number) =>
  zipBomb([
    { name: '[Content_Types].xml', content: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'xl/workbook.xml', content: Buffer.from('<?xml version="1.0"?><workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', zeros, declaredSize },
  ]);

/** A .docx-looking package (a rels part to clean) with one part of zeros. */
export const documentBomb = (zeros: number, declaredSize?: number) =>
  zipBomb([
    { name: '[Content_Types].xml', content: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: '_rels/.rels', content: Buffer.from('<?xml version="1.0"?><Relationships/>') },
    { name: 'word/document.xml', zeros, declaredSize },
  ]);

export { MB };
