import type { Media } from '@skillroom/contract';
import type { media } from '../db/schema';
import { embedded, iso } from '../http/hydra';
import type { UrlSigner } from '../lib/url-signer';

/*
 * How media are shown wherever they appear (a class avatar, a rating's photo, a user's picture): a view below the
 * modules, so that any module may present one without importing the media module.
 */

export type MediaRow = typeof media.$inferSelect;

export const mediaFilePath = (id: number) => `/media/${id}`;
/** The way to the object store's own link to the file (S3): a signed redirect to a presigned link. */
export const mediaObjectPath = (id: number) => `/media/${id}/s3`;
export const mediaThumbPath = (row: Pick<MediaRow, 'id' | 'mediaType' | 'fileName'>) =>
  `/media/thumb/${row.id}/${row.mediaType}/${encodeURIComponent(row.fileName)}`;

/**
 * Media as JSON-LD, with signed links that work in <img> and <video> without headers. On S3, `s3_url` is a signed
 * link of ours that checks the reader as `url` does, then redirects to a presigned link of the store: presigning is
 * asynchronous, and presenters are not.
 */
export function presentMedia(row: MediaRow, signer: UrlSigner): Media {
  return embedded('Media', 'media', row.id, {
    id: row.id,
    created: iso(row.created)!,
    updated: iso(row.updated)!,
    fileName: row.fileName,
    fileOriginalName: row.fileOriginalName,
    fileDimensions: row.fileDimensions,
    duration: row.duration,
    mediaType: row.mediaType as Media['mediaType'],
    fileMimeType: row.mimeType,
    fileSize: row.size,
    url: signer.sign(mediaFilePath(row.id)),
    thumbUrl: row.thumbKey ? signer.sign(mediaThumbPath(row)) : null,
    s3_url: signer.objectLinks ? signer.sign(mediaObjectPath(row.id)) : null,
    ...(row.transcodeState === 'pending' || row.transcodeState === 'running' ? { processing: true } : {}),
  });
}
