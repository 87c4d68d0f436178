import { z } from 'zod';
import { requiredText, type JsonLd } from './common';

export const schoolCreateBody = z.object({ name: requiredText(200) });
export const schoolSearchQuery = z.object({ name: z.string().trim().max(200).optional() });

export interface School extends JsonLd {
  id: number;
  created: string;
  updated: string;
  name: string;
  numTeachers: number;
}
