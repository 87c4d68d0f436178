import path from 'node:path';
import { FileStore as TusFileStore } from '@tus/file-store';
import { EVENTS, Metadata, Server as TusServer, type Upload } from '@tus/server';
import { mediaUploadFields, UPLOADS_PATH, V, type MediaUploadFields, type Violation } from '@skillroom/contract';
import { HttpError, ValidationError } from '../../http/errors';
import { toViolations } from '../../http/validate';
import type { PartialUploads } from '../../lib/partial-uploads';
import type { Principal } from '../../plugins/auth';
import { libraryErrorAnswer } from './media-uploads.protocol';
import { tooLarge } from './media.multipart';
import { mediaPolicy } from './media.policy';
import type { MediaRow } from './media.presenter';
import { mediaService, type MediaDeps } from './media.service';

/** One request to the tus handler: who asks, for which upload, and what finishing it made (or why it failed). */
export interface ResumableCall {
  principal: Principal;
  id: string | null;
  fields?: ResumableFields;
  media?: MediaRow;
  error?: unknown;
  /** Runs once the new upload is on disk (it then counts in the user's quota by itself). */
  created?: () => void;
}

export interface ResumableFields extends MediaUploadFields {
  filename: string;
  filetype: string | null;
  /** Upload-Length, checked against the kind's limit. */
  length: number;
}

const LENGTH = /^\d{1,15}$/;

/**
 * The checks of a new upload, made before a byte is accepted, with the answers `POST /media` gives: 400 naming the
 * metadata that is missing or wrong (one answer for all of it), the media type's rule, then 413 for a length over
 * the limit of its kind. The length must be known (no `Upload-Defer-Length`): the limit is checked on it.
 */
export function checkCreation(
  deps: Pick<MediaDeps, 'limits'>,
  p: Principal,
  headers: Record<string, string | string[] | undefined>,
): ResumableFields {
  const one = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  let meta: Record<string, string | null> = {};
  const violations: Violation[] = [];
  try {
    meta = Metadata.parse(one('upload-metadata'));
  } catch {
    violations.push({
      propertyPath: 'Upload-Metadata',
      message: 'Upload-Metadata must be key and base64 value pairs, with mediaType and filename.',
    });
  }
  const r = mediaUploadFields.safeParse({ mediaType: meta.mediaType ?? undefined, encode: meta.encode ?? undefined });
  if (!r.success) violations.push(...toViolations(r.error));
  const filename = meta.filename?.trim() ?? '';
  if (!filename) violations.push({ propertyPath: 'filename', message: V.blank });
  const length = one('upload-length');
  if (!length || !LENGTH.test(length))
    violations.push({ propertyPath: 'Upload-Length', message: 'Upload-Length must be the file size in bytes.' });
  if (violations.length || !r.success) throw new ValidationError(violations);
  if (!mediaPolicy.canUpload(p, r.data.mediaType))
    throw new ValidationError([{ propertyPath: 'mediaType', message: 'This media type is reserved for the predefined catalogue.' }]);
  const limit = mediaService.limitFor(deps.limits, r.data.mediaType);
  if (Number(length) > limit) throw tooLarge(limit);
  if (Number(length) === 0) throw new ValidationError([{ propertyPath: 'Upload-Length', message: V.blank }]);
  return { ...r.data, filename, filetype: meta.filetype ?? null, length: Number(length) };
}

/** The fields of an upload from the metadata the server wrote at its creation. */
function fieldsOf(upload: Upload): { fields: MediaUploadFields; filename: string } {
  const m = upload.metadata ?? {};
  return { fields: mediaUploadFields.parse({ mediaType: m.mediaType, encode: m.encode ?? undefined }), filename: m.filename ?? '' };
}

/** A 4xx refuses the content for good: its bytes are of no more use. Anything else may succeed on a retry. */
const refused = (e: unknown) => e instanceof HttpError && e.statusCode >= 400 && e.statusCode < 500;

/**
 * The file store, saying what this server does: the length is known at creation (the limits are checked on it), so no
 * creation-defer-length; expiration is the routes' (UPLOADS_IDLE_EXPIRY_MINUTES without progress, `Upload-Expires`).
 */
function store(directory: string) {
  const files = new TusFileStore({ directory });
  files.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  return files;
}

/**
 * The tus server (protocol 1.0.0: creation, creation-with-upload, termination, expiration) over a file store in DATA_DIR. The
 * routes (media-uploads.routes.ts) check the user and the upload's owner first, then hand it each request with its
 * `ResumableCall`. When the last byte arrives the file goes through `mediaService.upload`, exactly as a `POST /media`
 * file (cleaning by content, thumbnail, transcoding, the configured store), and its partial copy is removed.
 */
export function createTusServer(deps: MediaDeps, partials: PartialUploads, calls: WeakMap<Request, ResumableCall>) {
  const callOf = (req: Request) => {
    const call = calls.get(req);
    if (!call) throw new Error('A tus request reached the handler without its call.');
    return call;
  };
  const server = new TusServer({
    path: UPLOADS_PATH.replace(/\/$/, ''),
    datastore: store(partials.dir),
    // `Location: /api/auth/v1/uploads/<id>`, resolved by clients against the URL they posted to: no Host header trusted.
    relativeLocation: true,
    maxSize: Math.max(...Object.values(deps.limits)),
    // CORS is answered by the app's own plugin (CORS_ORIGINS); the library's default would allow every origin.
    allowedOrigins: () => false,
    exposedHeaders: ['Content-Location', 'Retry-After', 'Upload-Expires'],
    getFileIdFromRequest: (req) => callOf(req).id ?? undefined,
    onResponseError: (_req, err) => libraryErrorAnswer(err),
    async onUploadCreate(req) {
      const { principal, fields } = callOf(req);
      if (!fields) throw new Error('An upload was created without its checked fields.');
      // Only what the server checked is kept, with the owner it alone writes (a client key `owner` is dropped).
      const metadata: Record<string, string | null> = {
        mediaType: String(fields.mediaType),
        filename: fields.filename,
        owner: String(principal.userId),
      };
      if (fields.filetype) metadata.filetype = fields.filetype;
      if (fields.encode) metadata.encode = '1';
      return { metadata };
    },
    async onUploadFinish(req, upload) {
      const call = callOf(req);
      const { fields, filename } = fieldsOf(upload);
      const file = { path: upload.storage?.path ?? path.join(partials.dir, upload.id), size: upload.offset, originalName: filename };
      try {
        call.media = await mediaService.upload(deps, call.principal, fields, file);
      } catch (e) {
        call.error = e;
        if (refused(e)) await partials.remove(upload.id);
        throw { status_code: e instanceof HttpError ? e.statusCode : 500, body: '' };
      }
      // Remembered before the bytes go, so that a HEAD in between never finds nothing.
      await partials.markFinished(upload.id, { owner: call.principal.userId, mediaId: call.media.id, size: upload.offset });
      await partials.remove(upload.id);
      // tus answers a PATCH with 204 and no body; tus clients take any 2xx, and this one carries the Media.
      return { status_code: req.method === 'POST' ? 201 : 200 };
    },
  });
  server.on(EVENTS.POST_CREATE, (req: Request) => calls.get(req)?.created?.());
  return server;
}
