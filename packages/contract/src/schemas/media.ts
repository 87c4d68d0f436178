import { z } from 'zod';
import { MEDIA_TYPES, type MediaType } from '../constants';
import { V, digitsInteger } from './common';
import { jsonLdObject, stampFields } from './responses';
import { filter, listQuery } from './filters';

/** A media type, as a number (JSON) or as the digits of one (query strings, multipart fields): never `3.4e1` or `34.0`. */
export const mediaTypeSchema = z
  .union([z.number(), digitsInteger(0, 1000, V.choice)], { error: V.choice })
  .refine((n): n is MediaType => (MEDIA_TYPES as number[]).includes(n), { error: V.choice });

export const mediaListQuery = listQuery({
  id: filter.ids(),
  mediaType: filter.many(mediaTypeSchema, { type: 'integer', enum: MEDIA_TYPES }),
  /** `exists[creator]=false`: the predefined catalogue only; `true`: uploads only. */
  exists: filter.exists(['creator']),
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

export const mediaSchema = jsonLdObject('Media', {
  ...stampFields,
  fileName: z.string(),
  fileOriginalName: z.string(),
  fileDimensions: z.string().nullable(),
  duration: z.number().nullable(),
  mediaType: z.number().int().refine((n): n is MediaType => (MEDIA_TYPES as number[]).includes(n)),
  /** The product's API names (DESIGN §4). */
  fileMimeType: z.string(),
  fileSize: z.number().int(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  s3_url: z.string().nullable(),
  /** Audio and video being made playable everywhere (H.264/AAC MP4, AAC audio); url, size and duration change when done. */
  processing: z.literal(true).optional(),
});
export type Media = z.output<typeof mediaSchema>;
