import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { parseFile } from 'music-metadata';
import sharp from '../../lib/sharp';
import { MEDIA_ACCEPTED_TYPES, type MediaKind, type MediaThumbVariant } from '@skillroom/contract';
import { HttpError, violation } from '../../http/errors';
import { makeThumbs } from '../../lib/thumb-variants';
import { cleanByContent, isAvContainer, isCleanedDocument, sniffTagged } from './media.cleaner';
import { inspectMp4 } from './mp4-boxes';

/** What an upload becomes: the bytes to keep (a new buffer, a cleaned file, or the spooled file as is), its facts and thumbnails. */
export interface ProcessedMedia {
  mimeType: string;
  ext: string;
  /** Re-encoded bytes; null when a file is kept. */
  data: Buffer | null;
  /** With no `data`: the file to keep, when it is not the spooled one (a cleaned copy beside it, removed after storing). */
  path?: string | null;
  size: number;
  fileDimensions: string | null;
  duration: number | null;
  /** Thumbnails at each variant's size (1x, 2x); null when it has none. */
  thumbs: Record<MediaThumbVariant, Buffer> | null;
}

/** Raster images sharp re-encodes without their metadata; the output format for each. */
const REENCODE: Record<string, { ext: string; mime: string }> = {
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/webp': { ext: 'webp', mime: 'image/webp' },
  'image/gif': { ext: 'gif', mime: 'image/gif' },
  // AVIF encodes slowly and TIFF does not show in browsers: both are kept as WebP.
  'image/avif': { ext: 'webp', mime: 'image/webp' },
  'image/tiff': { ext: 'webp', mime: 'image/webp' },
};
/** Containers in which audio recordings arrive (a browser's MediaRecorder writes WebM), named as audio. */
const AUDIO_CONTAINERS: Record<string, string> = { 'video/webm': 'audio/webm', 'video/mp4': 'audio/mp4', 'video/ogg': 'audio/ogg' };
const ISO_BMFF = new Set(['video/mp4', 'video/quicktime', 'video/x-m4v', 'video/3gpp', 'video/3gpp2', 'audio/mp4', 'audio/x-m4a']);
/** encode=1 asks for a web-sized picture. */
const ENCODED_MAX_SIDE = 2560;

const unsupported = (mime: string | undefined, kind: MediaKind) =>
  new HttpError(
    415,
    `The file type ${mime ? `"${mime}" ` : ''}is not accepted for this media type (${kind === 'image' ? 'JPEG, PNG, WebP, GIF or AVIF' : `${kind} expected`}).`,
  );
const invalid = (kind: MediaKind) => violation('mediaFile', `This file is not a valid ${kind}.`);

// Decompression bombs stop at maxPixels (MEDIA_MAX_IMAGE_PIXELS): sharp reads the size from the header, before decoding.
async function image(filePath: string, mime: string, encode: boolean, maxPixels: number): Promise<ProcessedMedia> {
  const out = REENCODE[mime]!;
  const animated = mime === 'image/gif' || mime === 'image/webp';
  try {
    // rotate() applies the EXIF orientation; leaving out withMetadata() drops EXIF (GPS, camera), XMP and IPTC.
    let pipeline = sharp(filePath, { animated, limitInputPixels: maxPixels, failOn: 'error' }).rotate();
    if (encode) pipeline = pipeline.resize(ENCODED_MAX_SIDE, ENCODED_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    if (out.mime === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 88 });
    else if (out.mime === 'image/png') pipeline = pipeline.png();
    else if (out.mime === 'image/gif') pipeline = pipeline.gif();
    else pipeline = pipeline.webp({ quality: 88 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const meta = await sharp(data, { animated }).metadata();
    const height = meta.pageHeight ?? info.height;
    const thumbs = await makeThumbs(data);
    return { mimeType: out.mime, ext: out.ext, data, size: data.length, fileDimensions: `${info.width}x${height}`, duration: null, thumbs };
  } catch (e) {
    if (e instanceof Error && /pixel limit/i.test(e.message))
      throw violation('mediaFile', `The image is too large: at most ${Math.round(maxPixels / 1e5) / 10} megapixels.`);
    throw invalid('image');
  }
}

/** Duration and, for WebM/Matroska, the picture size, as music-metadata reads them; null where it cannot. */
export async function avFacts(filePath: string) {
  try {
    const { format } = await parseFile(filePath, { duration: true, skipCovers: true });
    const video = format.trackInfo?.find((t) => t.video?.pixelWidth && t.video.pixelHeight)?.video;
    const duration = format.duration !== undefined && Number.isFinite(format.duration) ? Math.round(format.duration * 1000) / 1000 : null;
    return { duration, dims: video ? `${video.displayWidth ?? video.pixelWidth}x${video.displayHeight ?? video.pixelHeight}` : null };
  } catch {
    return { duration: null, dims: null };
  }
}

/** Facts of cleaned audio or video: read from the kept file, as it is the one served. */
async function audioOrVideo(kept: string, mime: string, ext: string): Promise<ProcessedMedia> {
  const mp4 = ISO_BMFF.has(mime) ? await inspectMp4(kept, { scrub: false }).catch(() => null) : null;
  const facts = await avFacts(kept);
  const isVideo = mime.startsWith('video/');
  const fileDimensions = isVideo ? (mp4?.dims ? `${mp4.dims.width}x${mp4.dims.height}` : facts.dims) : null;
  const { size } = await fsp.stat(kept);
  return { mimeType: mime, ext, data: null, size, fileDimensions, duration: facts.duration ?? mp4?.duration ?? null, thumbs: null };
}

/**
 * Checks an upload's real type (sniffed from its bytes) against its kind and turns it into what is stored, cleaned
 * by what it is (DESIGN §6): images re-encoded without metadata, with a thumbnail; audio and video remuxed without
 * tags and measured; PDF and Office documents without their properties; other files kept as they are.
 * Throws 415 for a type the kind does not take and 400 for a file that is not what it claims to be.
 */
export async function processUpload(
  filePath: string,
  size: number,
  kind: MediaKind,
  opts: { encode: boolean; originalExt: string | null; maxPixels: number; run: <T>(work: () => Promise<T>) => Promise<T> },
): Promise<ProcessedMedia> {
  const sniffed = (await fileTypeFromFile(filePath)) ?? (await sniffTagged(filePath));
  // "audio/ogg; codecs=opus" and the like: the parameters say nothing we keep.
  const mime = sniffed?.mime.split(';')[0]!.trim();
  if (kind === 'image') {
    if (!mime || !MEDIA_ACCEPTED_TYPES.image.includes(mime)) throw unsupported(mime, kind);
    return opts.run(() => image(filePath, mime, opts.encode, opts.maxPixels));
  }
  if (kind === 'audio') {
    const audio = mime && (AUDIO_CONTAINERS[mime] ?? mime);
    if (!audio || !MEDIA_ACCEPTED_TYPES.audio.includes(audio)) throw unsupported(mime, kind);
    return { ...(await cleanAv(filePath, sniffed!, opts.run)), mimeType: audio, fileDimensions: null };
  }
  if (kind === 'video') {
    if (!mime || !MEDIA_ACCEPTED_TYPES.video.includes(mime)) throw unsupported(mime, kind);
    return cleanAv(filePath, sniffed!, opts.run);
  }
  // Any file is welcome as a file, but it is cleaned as what it is: a photo, a recording, a PDF or an Office document.
  if (mime?.startsWith('image/')) {
    if (!REENCODE[mime]) throw new HttpError(415, `Images attached as files must be JPEG, PNG, WebP, GIF, AVIF or TIFF, not "${mime}".`);
    return opts.run(() => image(filePath, mime, false, opts.maxPixels));
  }
  if (mime && /^(audio|video)\//.test(mime) && !isAvContainer(sniffed!.ext))
    throw violation(
      'mediaFile',
      `Recordings of type "${mime}" cannot be cleaned of their tags; please send MP3, M4A, MP4, WebM, Ogg, FLAC or WAV.`,
    );
  // Word 97-2003 files and the like keep the author in a binary summary we do not rewrite.
  if (mime === 'application/x-cfb')
    throw violation(
      'mediaFile',
      'Older Office files (.doc, .xls, .ppt) cannot be cleaned of their author; please save as .docx, .xlsx or .pptx.',
    );
  if (mime && isAvContainer(sniffed!.ext)) return { ...(await cleanAv(filePath, sniffed!, opts.run)), mimeType: mime };
  // PDF and Office documents come back as new bytes; anything else (text, archives…) has no metadata we know of.
  const cleaned = isCleanedDocument(mime) ? await opts.run(() => cleanByContent(filePath, { mime: mime!, ext: sniffed!.ext })) : null;
  const kept = cleaned?.data ? { data: cleaned.data, size: cleaned.data.length } : { data: null, size };
  return {
    mimeType: mime ?? 'application/octet-stream',
    ext: sniffed?.ext ?? opts.originalExt ?? 'bin',
    ...kept,
    fileDimensions: null,
    duration: null,
    thumbs: null,
  };
}

/** Audio or video remuxed without tags, measured from what is kept. */
async function cleanAv(
  filePath: string,
  sniffed: { mime: string; ext: string },
  run: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<ProcessedMedia> {
  const mime = sniffed.mime.split(';')[0]!.trim();
  const cleaned = await run(() => cleanByContent(filePath, { mime, ext: sniffed.ext }));
  const keptPath = cleaned?.path ?? filePath;
  try {
    return { ...(await audioOrVideo(keptPath, mime, sniffed.ext)), path: keptPath === filePath ? null : keptPath };
  } catch (e) {
    if (keptPath !== filePath) await fsp.rm(keptPath, { force: true });
    throw e;
  }
}
