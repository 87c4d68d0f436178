import path from 'node:path';
import pLimit from 'p-limit';
import {
  API_AUTH_PREFIX,
  hydraCollectionSchema,
  MEDIA_TYPE_KIND,
  mediaListQuery,
  mediaSchema,
  type MediaType,
  type MediaUploadFields,
  mediaUploadFields,
  V,
  type Violation,
} from '@skillroom/contract';
import { HttpError, TooManyRequests, ValidationError } from '../../http/errors';
import { SharedSlots } from '../../lib/shared-slots';
import { collection, item } from '../../http/hydra';
import { toViolations } from '../../http/validate';
import { JOB } from '../../lib/job-names';
import type { ModuleRoutes } from '../types';
import { registerMediaFiles } from './media-files.routes';
import { registerResumableUploads } from './media-uploads.routes';
import { readUploadParts, sweepSpool, type SpooledFile } from './media.multipart';
import { presentMedia } from './media.presenter';
import { mediaService } from './media.service';
import { idParams, listQuerystring } from '../../http/route-schema';

/** The fields and the file together, so that one 400 names every problem at once. */
function checkUpload(fields: Record<string, string>, file: SpooledFile | null): { fields: MediaUploadFields; file: SpooledFile } {
  const r = mediaUploadFields.safeParse(fields);
  const violations: Violation[] = r.success ? [] : toViolations(r.error);
  if (!file || file.size === 0) violations.push({ propertyPath: 'mediaFile', message: V.blank });
  if (violations.length || !r.success || !file) throw new ValidationError(violations);
  return { fields: r.data, file };
}

const knownType = (raw: string | undefined) => {
  const n = Number(raw);
  return MEDIA_TYPE_KIND[n as MediaType] ? n : null;
};

export const mediaRoutes: ModuleRoutes = {
  name: 'media',
  root: registerMediaFiles,
  auth: async (app, { db, files, urlSigner, config, jobs, log, partialUploads, redis }) => {
    const spoolDir = path.join(config.dataDir, 'tmp', 'uploads');
    sweepSpool(spoolDir);
    const deps = {
      db,
      files,
      limits: config.mediaLimits,
      maxImagePixels: config.maxImagePixels,
      imageJobs: pLimit(config.imageJobs),
      transcode: async (mediaId: number) => {
        await jobs
          .send(JOB.transcode, { mediaId })
          .catch((e: unknown) => log.error({ message: (e as Error).message, mediaId }, 'transcode not queued'));
      },
    };
    // Image work is CPU-heavy: one user's batch of uploads must not slow everyone else's screens down (on any instance).
    const uploadSlots = new SharedSlots('upload', config.uploadsPerUser, redis);
    app.addHook('onClose', () => uploadSlots.stop());
    await registerResumableUploads(app, {
      media: deps,
      partials: partialUploads,
      urlSigner,
      slots: uploadSlots,
      uploadsPerUser: config.uploadsPerUser,
      quota: config.uploadQuota,
    });

    app.post(
      '/media',
      {
        schema: {
          summary: 'Upload a media file: its real type must suit the media type; images lose their metadata and get a thumbnail',
          'x-multipart': {
            mediaType: 'media type number (spec §3)',
            'mediaFile[file]': 'the file',
            encode: '1 to make an image web-sized (at most 2560 px)',
          },
          response: { 201: mediaSchema },
        },
      },
      async (req, reply) => {
        const p = req.principal;
        if (!req.isMultipart()) {
          // A body of another kind (JSON, say) is the wrong media type for an upload; no body at all is a missing file.
          if (req.headers['content-type'] && req.body !== undefined && req.body !== null)
            throw new HttpError(415, 'Send the file as multipart/form-data (fields mediaType and mediaFile[file]).');
          checkUpload({}, null);
        }
        const release = await uploadSlots.take(p.userId);
        if (!release) throw new TooManyRequests(`At most ${config.uploadsPerUser} uploads at a time: please wait for one to finish.`, 2);
        // The slot and the spooled file are given back before the answer leaves: a client that sends its next upload
        // the moment it reads this answer must find the slot free.
        let row;
        try {
          const parts = await readUploadParts(req, spoolDir, (f) => mediaService.limitFor(deps.limits, knownType(f.mediaType)));
          try {
            const upload = checkUpload(parts.fields, parts.file);
            row = await mediaService.upload(deps, p, upload.fields, upload.file);
          } finally {
            await parts.cleanup();
          }
        } finally {
          await release();
        }
        return reply.status(201).send(item(presentMedia(row, urlSigner)));
      },
    );

    app.get(
      '/media/:id',
      {
        schema: {
          summary: 'A media item the user may see, with signed links to its file and thumbnail',
          params: idParams,
          response: { 200: mediaSchema },
        },
      },
      async (req) => {
        const row = await mediaService.get(db, req.principal, req.params.id);
        return item(presentMedia(row, urlSigner));
      },
    );

    app.get(
      '/medias',
      {
        schema: {
          summary: 'Media: the catalogue and your uploads, or by id[] those you may see',
          querystring: listQuerystring(mediaListQuery),
          response: { 200: hydraCollectionSchema(mediaSchema) },
        },
      },
      async (req) => {
        const p = req.principal;
        const { query: q, links } = req.query;
        const { rows, total } = await mediaService.list(db, p, q);
        return collection(
          `${API_AUTH_PREFIX}/medias`,
          rows.map((r) => presentMedia(r, urlSigner)),
          total,
          q,
          links,
        );
      },
    );
  },
};
