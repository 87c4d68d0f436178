import fsp from 'node:fs/promises';
import type JSZip from 'jszip';
import { PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } from 'pdf-lib';
import { HttpError, violation } from '../../http/errors';
import { boundedUnzip, UnpackedTooLarge, zipOfEntries } from '../../lib/bounded-unzip';
import { ffmpegPath, runFfmpeg } from '../../lib/ffmpeg';
import { inspectMp4 } from './mp4-boxes';

/**
 * Cleaning by content (DESIGN §6 "Metadata"): whatever media type a file was sent as, what its bytes are decides how
 * its metadata goes. Images are re-encoded by the processor (sharp); this file cleans audio and video containers,
 * PDF and Office documents. A file of one of these types that cannot be cleaned is refused, never kept as it came.
 */

/** The cleaned bytes: a new buffer, or a new file beside the spooled one (large audio and video stay on disk). */
export type Cleaned = { data: Buffer; path: null } | { data: null; path: string };

const cannotClean = (what: string) =>
  violation('mediaFile', `This ${what} cannot be read to remove its metadata (author, place, tags); it was not kept.`);

/** ISO base media files (MP4, MOV, M4A, 3GP): their ffmpeg muxer, chosen by the sniffed extension. */
const ISO_MUXERS: Record<string, string> = {
  mp4: 'mp4',
  m4a: 'mp4',
  m4v: 'mp4',
  f4v: 'mp4',
  mov: 'mov',
  qt: 'mov',
  '3gp': '3gp',
  '3g2': '3g2',
};
/** Other containers with tags (ID3, Vorbis comments, Matroska tags, RIFF INFO…), remuxed by stream copy. */
const MUXERS: Record<string, string> = {
  mp3: 'mp3',
  webm: 'webm',
  mkv: 'matroska',
  mka: 'matroska',
  ogg: 'ogg',
  oga: 'ogg',
  ogv: 'ogg',
  opus: 'ogg',
  spx: 'ogg',
  flac: 'flac',
  wav: 'wav',
  aac: 'adts',
  aif: 'aiff',
  avi: 'avi',
  asf: 'asf',
  wma: 'asf',
  wmv: 'asf',
  flv: 'flv',
  mpg: 'mpeg',
  mts: 'mpegts',
  amr: 'amr',
};
const AUDIO_ONLY = new Set(['mp3', 'mka', 'oga', 'opus', 'spx', 'flac', 'wav', 'aac', 'aif', 'wma', 'amr', 'm4a']);

/** Whether this sniffed type is an audio or video container cleaned here. */
export const isAvContainer = (ext: string | undefined) => Boolean(ext && (ext in MUXERS || ext in ISO_MUXERS));

/**
 * ffmpeg arguments that copy the streams into a new file of the same format without tags, chapters, cover pictures,
 * subtitles or attachments. `bitexact` keeps ffmpeg from writing its own name and version in their place.
 */
export function remuxArgs(ext: string, input: string, output: string) {
  const format = ISO_MUXERS[ext] ?? MUXERS[ext]!;
  // 0:V is video that is not an attached picture (an album cover can be a photo of the child).
  const maps = AUDIO_ONLY.has(ext) ? ['-map', '0:a'] : ['-map', '0:V?', '-map', '0:a?'];
  const muxer = format === 'mp3' ? ['-id3v2_version', '0', '-write_id3v1', '0'] : ext in ISO_MUXERS ? ['-movflags', '+faststart'] : [];
  return [
    '-i',
    input,
    ...maps,
    '-c',
    'copy',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-fflags',
    '+bitexact',
    ...muxer,
    '-f',
    format,
    output,
  ];
}

async function remux(filePath: string, ext: string): Promise<Cleaned> {
  const output = `${filePath}.clean.${ext}`;
  try {
    if (!ffmpegPath()) throw new Error('ffmpeg is not available');
    await runFfmpeg(remuxArgs(ext, filePath, output), 5 * 60_000);
    return { data: null, path: output };
  } catch {
    await fsp.rm(output, { force: true });
    // An MP4 that ffmpeg cannot read (or no ffmpeg): its metadata boxes are wiped in place instead.
    if (ext in ISO_MUXERS && (await inspectMp4(filePath, { scrub: true }).catch(() => null))) return { data: null, path: filePath };
    throw cannotClean(AUDIO_ONLY.has(ext) ? 'audio file' : 'video');
  }
}

const INFO = PDFName.of('Info');
const METADATA = PDFName.of('Metadata');
const TYPE = PDFName.of('Type');
const PIECE_INFO = PDFName.of('PieceInfo');

/**
 * A PDF rewritten whole (no earlier revision survives) without its document information dictionary (title, author,
 * creator, dates) and without any XMP metadata stream, the document's own or a page's or an image's.
 */
async function cleanPdf(bytes: Buffer): Promise<Buffer> {
  let doc: PDFDocument;
  try {
    // Encrypted PDFs throw here: their metadata cannot be read, so they cannot be cleaned.
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
    doc.getPageCount();
  } catch {
    throw cannotClean('PDF (password-protected or damaged)');
  }
  const ctx = doc.context;
  const info = ctx.trailerInfo.Info;
  if (info instanceof PDFRef) ctx.delete(info);
  ctx.trailerInfo.Info = undefined;
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : null;
    if (!dict) continue;
    if (dict.get(TYPE) === METADATA) {
      ctx.delete(ref);
      continue;
    }
    for (const key of [METADATA, PIECE_INFO, INFO]) {
      const value = dict.get(key);
      if (value === undefined) continue;
      dict.delete(key);
      if (value instanceof PDFRef) ctx.delete(value);
    }
  }
  return Buffer.from(await doc.save({ updateFieldAppearances: false }));
}

/** The empty property parts an Office package keeps in place of its own (they are named in its relationships). */
const EMPTY_PARTS: Record<string, string> = {
  'core-properties':
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    'xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>',
  'extended-properties':
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"/>',
  'custom-properties':
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"/>',
};
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';
const OOXML = /^application\/vnd\.(openxmlformats-officedocument\.|ms-(word|excel|powerpoint)\.[\w.]*macroenabled)/i;

/** Whether this sniffed type is an Office Open XML package (DOCX, XLSX, PPTX and their macro and template forms). */
export const isOfficeDocument = (mime: string | undefined) => Boolean(mime && OOXML.test(mime));

/**
 * What an Office package may unpack to. Its XML compresses ten to twenty times and its pictures not at all, so an
 * upload at the file limit stays well under this; more is a zip bomb, refused before it fills the memory.
 */
export const OFFICE_MAX_UNPACKED_BYTES = 128 * 1024 * 1024;
const unpacksTooLarge = () =>
  new HttpError(413, `This document unpacks to too much: at most ${OFFICE_MAX_UNPACKED_BYTES / 1024 / 1024} MB.`);

/** The package's parts, inflated and counted (lib/bounded-unzip.ts), as a jszip that holds them as they are. */
async function officePackage(bytes: Buffer): Promise<JSZip> {
  let entries;
  try {
    entries = await boundedUnzip(bytes, { maxBytes: OFFICE_MAX_UNPACKED_BYTES });
  } catch (e) {
    if (e instanceof UnpackedTooLarge) throw unpacksTooLarge();
    throw cannotClean('document');
  }
  return zipOfEntries(entries);
}

/**
 * An Office package with its document properties emptied: core (title, author, last modified by, dates), extended
 * (company, manager, template, the titles of its parts) and custom. The parts stay, empty, so the package stays valid.
 */
async function cleanOffice(bytes: Buffer, mime: string): Promise<Buffer> {
  const zip = await officePackage(bytes);
  const rels = await zip.file('_rels/.rels')?.async('string');
  if (rels === undefined) throw cannotClean('document');
  const parts = new Map<string, string>([
    ['docProps/core.xml', 'core-properties'],
    ['docProps/app.xml', 'extended-properties'],
    ['docProps/custom.xml', 'custom-properties'],
  ]);
  for (const [, attrs] of rels.matchAll(/<Relationship\b([^>]*)>/g)) {
    const type = /Type="[^"]*\/(core-properties|extended-properties|custom-properties)"/.exec(attrs!)?.[1];
    const target = /Target="\/?([^"]+)"/.exec(attrs!)?.[1];
    if (type && target) parts.set(target, type);
  }
  for (const [name, kind] of parts) if (zip.file(name)) zip.file(name, XML_HEAD + EMPTY_PARTS[kind]);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', mimeType: mime });
}

/** Whether this sniffed type is a document cleaned here (PDF, Office). */
export const isCleanedDocument = (mime: string | undefined) => mime === 'application/pdf' || isOfficeDocument(mime);

/**
 * What a file that the sniffer could not name still is, if it starts with an ID3 tag (a name, a place) before
 * something unreadable: an MP3 to clean, which then fails and is refused rather than kept with the tag.
 */
export async function sniffTagged(filePath: string): Promise<{ mime: string; ext: string } | undefined> {
  const fh = await fsp.open(filePath, 'r');
  try {
    const head = Buffer.alloc(3);
    await fh.read(head, 0, 3, 0);
    return head.toString('latin1') === 'ID3' ? { mime: 'audio/mpeg', ext: 'mp3' } : undefined;
  } finally {
    await fh.close();
  }
}

/**
 * Cleans a file whose sniffed type carries metadata this file knows how to remove; null when the type has none to
 * remove here (images are the processor's; plain text, archives and the like are kept as they are).
 */
export async function cleanByContent(filePath: string, sniffed: { mime: string; ext: string } | undefined): Promise<Cleaned | null> {
  if (!sniffed) return null;
  if (isAvContainer(sniffed.ext)) return remux(filePath, sniffed.ext);
  if (sniffed.mime === 'application/pdf') return { data: await cleanPdf(await fsp.readFile(filePath)), path: null };
  if (isOfficeDocument(sniffed.mime)) return { data: await cleanOffice(await fsp.readFile(filePath), sniffed.mime), path: null };
  return null;
}
