import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorText, fileAnswerSchema, MEDIA_THUMB_VARIANTS, MEDIA_TYPE_KIND, MediaType, type MediaThumbVariant } from '@skillroom/contract';
import type { AppContext } from '../../context';
import { forbidden, HttpError, notFound, unauthorized, violation } from '../../http/errors';
import { permit } from '../../class-access/access-rules';
import { idParams, pathId } from '../../http/route-schema';
import { FileStoreUnavailable, type ByteRange } from '../../lib/file-store';
import { recordReads } from '../../records/access-log';
import { thumbVariantSource } from './media-thumbs';
import { mediaFilePath, type MediaRow } from './media.presenter';
import { mediaRepository } from './media.repository';
import { mediaService } from './media.service';

/**
 * Served files never run anything in our origin: no script, no plugin, a sandbox if opened directly. Set in a
 * route-level onSend hook, which runs after the app-wide one that sets the page policy.
 */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";
/** Types a browser could render as a page: kept files of these kinds are sent as plain bytes. */
const ACTIVE_TYPE = /html|xml|javascript|ecmascript|^text\//i;

type Params = { id: number; mediaType?: string; fileName?: string };
const thumbPathParams = z.object({ id: pathId, mediaType: z.string(), fileName: z.string() });
/** A file route's declaration: the id read as every path id, the answer a file (checked by its link or its reader). */
const fileRoute = (summary: string, params: z.ZodType<Params> = idParams) => ({
  summary,
  tags: ['media files'],
  params,
  response: { 200: fileAnswerSchema('The file'), 302: fileAnswerSchema('To the file') },
});

/** A rating's attachments are a child's record: their reads by a linked user or an evaluator are logged (DESIGN §6). */
const RATING_MEDIA: readonly number[] = [MediaType.RatingPhoto, MediaType.RatingVideo, MediaType.RatingAudio, MediaType.RatingFile];

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. */
function disposition(kind: 'inline' | 'attachment', name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** One satisfiable byte range of `size` bytes, null to send it all, or a 416. */
function rangeOf(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: answered with the whole file, as RFC 9110 allows.
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) throw new HttpError(416, 'Range Not Satisfiable');
  return { start, end };
}

/** `?size=` of a thumbnail link: 1x unless asked; anything but a known variant is a 400. */
function variantOf(query: unknown): MediaThumbVariant {
  const size = (query as { size?: unknown }).size;
  if (size === undefined) return '1x';
  if (typeof size === 'string' && size in MEDIA_THUMB_VARIANTS) return size as MediaThumbVariant;
  throw violation('size', `The size must be one of ${Object.keys(MEDIA_THUMB_VARIANTS).join(', ')}.`);
}

export function registerMediaFiles(app: FastifyInstance, { db, files, urlSigner, linkAccess, config }: AppContext) {
  const thumbKeyOf = thumbVariantSource({ db, files, maxImagePixels: config.maxImagePixels });
  /**
   * Who may fetch: the user a valid signature on this path (or on the file's own link) was issued to, if they may still
   * see the file; else a signed-in user allowed to see it.
   */
  async function authorise(req: FastifyRequest): Promise<{ row: MediaRow; userId: number | null }> {
    const id = (req.params as Params).id;
    const q = req.query as { exp?: unknown; sig?: unknown; u?: unknown };
    const path = req.url.split('?')[0]!;
    const linkUser = urlSigner.verify(path, q) ?? urlSigner.verify(mediaFilePath(id), q);
    if (linkUser !== null) {
      const row = await mediaRepository.findById(db, id);
      if (!row) throw notFound('Media not found.');
      if (await mediaService.linkUserMaySee(db, linkAccess, linkUser, row)) return { row, userId: linkUser || null };
    }
    if (req.signedIn) {
      const row = await mediaService.forUser(db, req.signedIn, id);
      permit(req.signedIn, 'media.fetch', { visible: row !== null });
      return { row: row!, userId: req.signedIn.userId };
    }
    // A link that was signed once but is now expired, altered or no longer its user's is refused; no credentials is a 401.
    if (q.exp !== undefined || q.sig !== undefined || linkUser !== null) throw forbidden(ErrorText.mediaAccess);
    throw unauthorized();
  }

  async function send(
    req: FastifyRequest,
    reply: FastifyReply,
    o: { key: string; mime: string; size: number | null; etag: string; disposition: string },
  ) {
    reply
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('etag', o.etag)
      .header('content-disposition', o.disposition);
    if (req.headers['if-none-match'] === o.etag) return reply.status(304).send();
    reply.type(o.mime);
    let range: ByteRange | null = null;
    if (o.size !== null) {
      reply.header('accept-ranges', 'bytes');
      const ifRange = req.headers['if-range'];
      try {
        range = !ifRange || ifRange === o.etag ? rangeOf(req.headers.range, o.size) : null;
      } catch (e) {
        reply.header('content-range', `bytes */${o.size}`);
        throw e;
      }
    }
    let stream;
    try {
      stream = await files.get(o.key, range ?? undefined);
    } catch (e) {
      // A store that fails is a 503 (error handler); only a file that is not there is a 404.
      if (e instanceof FileStoreUnavailable) throw e;
      throw notFound('Media file not found.');
    }
    if (range)
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${o.size}`)
        .header('content-length', range.end - range.start + 1);
    else if (o.size !== null) reply.header('content-length', o.size);
    return reply.send(stream);
  }

  const hooks = {
    onSend: async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      reply.header('content-security-policy', FILE_CSP);
      return payload;
    },
  };

  /** Whoever reads a rating's file, by a signed link (its user) or by their session: a parent opening a photo is logged. */
  function logRead(req: FastifyRequest, row: MediaRow, userId: number | null) {
    if (userId !== null && RATING_MEDIA.includes(row.mediaType))
      recordReads(db, { userId, action: 'media', detail: `media/${row.id}`, address: req.ip, subject: { mediaId: row.id } });
  }

  /** How a file is served: its type, and whether it opens in the page or downloads under its original name. */
  function servedAs(row: MediaRow) {
    const isFile = MEDIA_TYPE_KIND[row.mediaType as MediaType] === 'file';
    // Kept files are always downloads: an uploaded page or drawing must never open as part of the app.
    const mime = isFile && ACTIVE_TYPE.test(row.mimeType) ? 'application/octet-stream' : row.mimeType;
    return { mime, disposition: disposition(isFile ? 'attachment' : 'inline', row.fileOriginalName) };
  }

  app.get(
    '/media/:id',
    { ...hooks, schema: fileRoute('A media file: by its signed link, or with the bearer token or BEARER cookie of a user who may see it') },
    async (req, reply) => {
      const { row, userId } = await authorise(req);
      logRead(req, row, userId);
      return send(req, reply, { key: row.storageKey, size: row.size, etag: `"m${row.id}-${row.size}"`, ...servedAs(row) });
    },
  );

  app.get(
    '/media/:id/s3',
    { schema: fileRoute("A media file from the object store (S3): checked as the file's own link, then redirected to a presigned link") },
    async (req, reply) => {
      const { row, userId } = await authorise(req);
      const link = await files.linkFor(row.storageKey, servedAs(row));
      if (!link) throw notFound('The file store has no links of its own: use the url of the media.');
      logRead(req, row, userId);
      // Not kept by the browser: each use checks again that the reader may still see the file (DESIGN §6).
      return reply.header('cache-control', 'private, no-store').redirect(link, 302);
    },
  );

  const thumb = async (req: FastifyRequest, reply: FastifyReply) => {
    const variant = variantOf(req.query);
    const { row } = await authorise(req);
    const { mediaType, fileName } = req.params as Params;
    if (!row.thumbKey || (mediaType !== undefined && (mediaType !== String(row.mediaType) || fileName !== row.fileName)))
      throw notFound('Thumbnail not found.');
    const key = await thumbKeyOf({ ...row, thumbKey: row.thumbKey }, variant);
    return send(req, reply, {
      key,
      mime: 'image/webp',
      size: null,
      etag: key === row.thumbKey ? `"t${row.id}"` : `"t${row.id}-${variant}"`,
      disposition: disposition('inline', `${row.fileName.replace(/\.[^.]+$/, '')}.webp`),
    });
  };
  const thumbDoc = fileRoute('The thumbnail of an image or video (WebP, at most 320 px; `?size=2x` at most 640 px)');
  app.get('/media/thumb/:id', { ...hooks, schema: thumbDoc }, thumb);
  app.get(
    '/media/thumb/:id/:mediaType/:fileName',
    { ...hooks, schema: fileRoute('The thumbnail of an image, by its descriptive path', thumbPathParams) },
    thumb,
  );
}
