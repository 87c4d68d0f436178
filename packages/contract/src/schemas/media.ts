import { z } from 'zod';
import { MEDIA_TYPES, type MediaType } from '../constants';
import { V, type JsonLd } from './common';

export const mediaTypeSchema = z.coerce
  .number({ error: V.choice })
  .refine((n): n is MediaType => (MEDIA_TYPES as number[]).includes(n), { error: V.choice });

export const mediaListQuery = z.object({
  id: z.array(z.coerce.number().int().positive()).max(1000).optional(),
  mediaType: mediaTypeSchema.optional(),
});

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
