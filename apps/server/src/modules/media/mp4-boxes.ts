import fsp from 'node:fs/promises';

/** ISO-BMFF (MP4, MOV, 3GP) boxes that may hold where and on what a video was shot (©xyz, Apple location keys). */
const METADATA_BOXES = new Set(['udta', 'meta']);
/** A moov larger than this is not read: real ones are kilobytes; the video then simply has no recorded size. */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
const FREE = Buffer.from('free', 'latin1');

interface Box {
  type: string;
  /** Offset of the box in the buffer or file. */
  start: number;
  headerSize: number;
  size: number;
}

function boxAt(buf: Buffer, offset: number, end: number): Box | null {
  if (offset + 8 > end) return null;
  let size = buf.readUInt32BE(offset);
  const type = buf.toString('latin1', offset + 4, offset + 8);
  let headerSize = 8;
  if (size === 1) {
    if (offset + 16 > end) return null;
    size = Number(buf.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) size = end - offset;
  if (size < headerSize || offset + size > end) return null;
  return { type, start: offset, headerSize, size };
}

function* children(buf: Buffer, parent: Box): Generator<Box> {
  const end = parent.start + parent.size;
  for (let at = parent.start + parent.headerSize, b = boxAt(buf, at, end); b; at += b.size, b = boxAt(buf, at, end)) yield b;
}

/** Display size from a track header: width and height are 16.16 fixed point, swapped when the matrix turns by 90°. */
function trackSize(buf: Buffer, tkhd: Box): { width: number; height: number } | null {
  const body = tkhd.start + tkhd.headerSize;
  const version = buf.readUInt8(body);
  const matrix = body + 4 + (version === 1 ? 32 : 20) + 16;
  if (matrix + 44 > tkhd.start + tkhd.size) return null;
  const width = Math.round(buf.readUInt32BE(matrix + 36) / 65536);
  const height = Math.round(buf.readUInt32BE(matrix + 40) / 65536);
  if (!width || !height) return null;
  const [a, b] = [buf.readInt32BE(matrix), buf.readInt32BE(matrix + 4)];
  return a === 0 && b !== 0 ? { width: height, height: width } : { width, height };
}

/** Length in seconds from the movie header: a duration in units of a timescale, 32 or 64 bits by version. */
function movieSeconds(buf: Buffer, mvhd: Box): number | null {
  const body = mvhd.start + mvhd.headerSize;
  const v1 = buf.readUInt8(body) === 1;
  if (body + (v1 ? 32 : 20) > mvhd.start + mvhd.size) return null;
  const timescale = buf.readUInt32BE(body + (v1 ? 20 : 12));
  const units = v1 ? Number(buf.readBigUInt64BE(body + 24)) : buf.readUInt32BE(body + 16);
  // An all-ones duration means "unknown" in the format.
  if (!timescale || units === 0xffffffff) return null;
  return Math.round((units / timescale) * 1000) / 1000;
}

/** Where the top-level moov box is, found by walking the file's top-level boxes without reading the media data. */
async function findMoov(fh: fsp.FileHandle, fileSize: number): Promise<{ offset: number; size: number } | null> {
  const head = Buffer.alloc(16);
  for (let at = 0; at + 8 <= fileSize; ) {
    const { bytesRead } = await fh.read(head, 0, 16, at);
    const size32 = head.readUInt32BE(0);
    let size = size32;
    if (size32 === 1) size = bytesRead === 16 ? Number(head.readBigUInt64BE(8)) : 0;
    else if (size32 === 0) size = fileSize - at;
    if (size < 8) return null;
    if (head.toString('latin1', 4, 8) === 'moov') return { offset: at, size: Math.min(size, fileSize - at) };
    at += size;
  }
  return null;
}

/**
 * Reads an MP4/MOV's display size and, with `scrub`, wipes its metadata boxes in place: each udta/meta under moov
 * and its tracks becomes a zero-filled `free` box of the same size, so no offset moves and no location remains.
 */
export interface Mp4Facts {
  dims: { width: number; height: number } | null;
  duration: number | null;
}

export async function inspectMp4(filePath: string, opts: { scrub: boolean }): Promise<Mp4Facts | null> {
  const fh = await fsp.open(filePath, opts.scrub ? 'r+' : 'r');
  try {
    const { size: fileSize } = await fh.stat();
    const found = await findMoov(fh, fileSize);
    if (!found || found.size > MAX_MOOV_BYTES) return null;
    const buf = Buffer.alloc(found.size);
    await fh.read(buf, 0, found.size, found.offset);
    const moov = boxAt(buf, 0, buf.length);
    if (!moov) return null;
    let dims: Mp4Facts['dims'] = null;
    let duration: number | null = null;
    const wipe: Box[] = [];
    for (const box of children(buf, moov)) {
      if (METADATA_BOXES.has(box.type)) wipe.push(box);
      if (box.type === 'mvhd') duration = movieSeconds(buf, box);
      if (box.type !== 'trak') continue;
      for (const t of children(buf, box)) {
        if (METADATA_BOXES.has(t.type)) wipe.push(t);
        if (t.type === 'tkhd' && !dims) dims = trackSize(buf, t);
      }
    }
    if (opts.scrub) {
      for (const b of wipe) {
        const blank = Buffer.alloc(b.size - b.headerSize);
        await fh.write(FREE, 0, 4, found.offset + b.start + 4);
        await fh.write(blank, 0, blank.length, found.offset + b.start + b.headerSize);
      }
    }
    return { dims, duration };
  } finally {
    await fh.close();
  }
}
