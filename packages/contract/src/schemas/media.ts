import { z } from 'zod';
import { MEDIA_TYPES, type MediaType } from '../constants';
import { MAX_ID } from '../helpers';
import { paginationQuery, V, type JsonLd } from './common';

export const mediaTypeSchema = z.coerce
  .number({ error: V.choice })
  .refine((n): n is MediaType => (MEDIA_TYPES as number[]).includes(n), { error: V.choice });

export const mediaListQuery = paginationQuery.extend({
  // `id[]=1&id[]=2` arrives as an array, a lone `id=1` as one value.
  id: z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z.array(z.coerce.number({ error: V.type }).int({ error: V.type }).positive({ error: V.type }).max(MAX_ID, { error: V.type }), { error: V.type }).max(1000).optional(),
  ),
  mediaType: mediaTypeSchema.optional(),
});

/** The text fields of `POST /media` (multipart); the file itself arrives as `mediaFile[file]`. */
export const mediaUploadFields = z.object({
  mediaType: mediaTypeSchema,
  // The specification's client sends encode=1; anything but a clear yes means no.
  encode: z
    .string({ error: V.type })
    .optional()
    .transform((v) => ['1', 'true', 'yes', 'on'].includes(String(v).toLowerCase())),
});
export type MediaUploadFields = z.output<typeof mediaUploadFields>;

export interface Media extends JsonLd {
  id: number;
  created: string;
  updated: string;
  fileName: string;
  fileOriginalName: string;
  fileDimensions: string | null;
  duration: number | null;
  mediaType: MediaType;
  mimeType: string;
  size: number;
  url: string;
  thumbUrl: string | null;
  s3_url: string | null;
}
