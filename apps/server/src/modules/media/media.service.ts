import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import {
  MEDIA_TYPE_KIND,
  type MediaKind,
  type MediaType,
  type MediaUploadFields,
  type mediaListQuery,
  type ListQueryOutput,
} from '@skillroom/contract';
import type { Db } from '../../db/client';
import { violation } from '../../http/errors';
import { authorized } from '../../class-access/access-rules';
import { offsetOf } from '../../http/hydra';
import type { FileStore } from '../../lib/file-store';
import { putThumbs, storedKeys } from '../../lib/thumb-variants';
import type { LRUCache } from 'lru-cache';
import type { Principal } from '../../plugins/auth';
import { cleanOriginalName, extensionOf, tooLarge, type SpooledFile } from './media.multipart';
import { mediaPolicy } from './media.policy';
import type { MediaRow } from './media.presenter';
import { processUpload } from './media.processor';
import { mediaRepository } from './media.repository';
import { canTranscode } from './media.transcoder';

export interface MediaDeps {
  db: Db;
  files: FileStore;
  limits: Record<MediaKind, number>;
  maxImagePixels: number;
  /** Runs image work, at most MEDIA_IMAGE_JOBS at a time across the instance. */
  imageJobs: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Queues the transcode of stored audio or video (the `transcode` job); without it (or without ffmpeg) they stay as
   * uploaded. It never throws: a send that failed is made again by the transcode sweep.
   */
  transcode?: (mediaId: number) => Promise<void>;
}

const kindOf = (t: number) => MEDIA_TYPE_KIND[t as MediaType];

/** Storage keys spread by kind and month, named by a random id that says nothing about the content. */
function keysFor(kind: MediaKind, ext: string) {
  const id = crypto.randomUUID();
  const month = new Date().toISOString().slice(0, 7).replace('-', '/');
  return { fileName: `${id}.${ext}`, storageKey: `${kind}/${month}/${id}.${ext}`, thumbKey: `thumb/${month}/${id}.webp` };
}

export const mediaService = {
  /** The size limit of a media type's kind, or of the largest kind when the type is not known yet. */
  limitFor(limits: Record<MediaKind, number>, mediaType: number | null) {
    const kind = mediaType === null ? undefined : kindOf(mediaType);
    return kind ? limits[kind] : Math.max(...Object.values(limits));
  },

  /**
   * Checks, cleans and keeps an upload. The bytes are stored first and the row inserted after, in a transaction;
   * if the insert fails the stored bytes are removed, so there is never a row without a file nor a file left behind.
   */
  async upload(deps: MediaDeps, p: Principal, fields: MediaUploadFields, file: SpooledFile): Promise<MediaRow> {
    if (!mediaPolicy.canUpload(p, fields.mediaType))
      throw violation('mediaType', 'This media type is reserved for the predefined catalogue.');
    const kind = kindOf(fields.mediaType);
    if (file.size > deps.limits[kind]) throw tooLarge(deps.limits[kind]);
    const originalName = cleanOriginalName(file.originalName);
    const out = await processUpload(file.path, file.size, kind, {
      encode: fields.encode,
      originalExt: extensionOf(originalName),
      maxPixels: deps.maxImagePixels,
      run: deps.imageJobs,
    });
    const keys = keysFor(kind, out.ext);
    const transcode = (kind === 'audio' || kind === 'video') && Boolean(deps.transcode) && canTranscode();
    // Each key is counted before its write: a write that failed or timed out may still have landed in the store.
    const stored: string[] = [];
    try {
      stored.push(keys.storageKey);
      if (out.data) await deps.files.put(keys.storageKey, out.data, out.mimeType);
      else await deps.files.putFile(keys.storageKey, out.path ?? file.path, out.mimeType);
      if (out.thumbs) {
        stored.push(...storedKeys({ storageKey: keys.storageKey, thumbKey: keys.thumbKey }).slice(1));
        await putThumbs(deps.files, keys.thumbKey, out.thumbs);
      }
      const row = await deps.db.transaction((tx) =>
        mediaRepository.insert(tx, {
          fileName: keys.fileName,
          fileOriginalName: originalName,
          mimeType: out.mimeType,
          size: out.size,
          fileDimensions: out.fileDimensions,
          duration: out.duration,
          mediaType: fields.mediaType,
          storageKey: keys.storageKey,
          thumbKey: out.thumbs ? keys.thumbKey : null,
          uploaderId: p.userId,
          transcodeState: transcode ? 'pending' : null,
        }),
      );
      // After the commit: on the embedded database a send inside the transaction would wait for it.
      if (transcode) await deps.transcode!(row.id);
      return row;
    } catch (e) {
      await Promise.allSettled(stored.map((k) => deps.files.remove(k)));
      throw e;
    } finally {
      // A cleaned copy made beside the spooled file (which the multipart cleanup removes).
      if (out.path) await fsp.rm(out.path, { force: true });
    }
  },

  /** A media item the user may see; any other is unknown to them (404, DESIGN §2). */
  async get(db: Db, p: Principal, id: number): Promise<MediaRow> {
    const row = await mediaRepository.findById(db, id);
    const visible = row !== null && (await mediaPolicy.canSee(db, p, row));
    return authorized(p, 'media.read', row, () => ({ visible }));
  },

  /**
   * Without ids: the catalogue and the user's own uploads. With `id[]`: those of the given media the user may
   * see by any rule (a class avatar, a student's…); the others are left out, as if they did not exist.
   */
  async list(db: Db, p: Principal, q: ListQueryOutput<typeof mediaListQuery>) {
    const page = { limit: q.itemsPerPage, offset: offsetOf(q), mediaTypes: q.mediaType, hasCreator: q.exists?.creator };
    if (!q.id) return mediaRepository.list(db, { ownOrCatalogueOf: p.userId, ...page });
    const candidates = await mediaRepository.findByIds(db, [...new Set(q.id)]);
    const visible = await mediaPolicy.visibleIds(db, p, candidates);
    return mediaRepository.list(db, { ids: [...visible], ...page });
  },

  /**
   * Whether the user a signed link was issued to may still see its file (DESIGN §6): unlinking a parent, removing a
   * student or deleting a rating ends access. Answers are kept at most 60 s per user and media, and dropped at once
   * after any write on this instance (app.ts), so a page of thumbnails costs one check each, not one per load.
   */
  async linkUserMaySee(db: Db, cache: LRUCache<string, boolean>, userId: number, row: MediaRow): Promise<boolean> {
    if (mediaPolicy.isCatalogue(row)) return true;
    if (userId === 0) return false;
    const key = `${userId}:${row.id}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const user = await mediaRepository.rolesOf(db, userId);
    const allowed = user !== null && (await mediaPolicy.canSee(db, { userId, ...user }, row));
    cache.set(key, allowed);
    return allowed;
  },

  /** The row behind a file link, if the user (signed in by header or cookie) may see it. */
  async forUser(db: Db, p: Principal, id: number): Promise<MediaRow | null> {
    const row = await mediaRepository.findById(db, id);
    return row && (await mediaPolicy.canSee(db, p, row)) ? row : null;
  },
};
