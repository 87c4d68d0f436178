import { z } from 'zod';
import { refToId } from '../helpers';

/** Violation texts in the style the client shows under form fields. */
export const V = {
  blank: 'This value should not be blank.',
  email: 'This value is not a valid email address.',
  tooShort: (n: number) => `This value is too short. It should have ${n} characters or more.`,
  tooLong: (n: number) => `This value is too long. It should have ${n} characters or less.`,
  choice: 'The value you selected is not a valid choice.',
  type: 'This value should be of the correct type.',
  reference: 'This value should be a valid reference.',
  date: 'This value is not a valid date.',
} as const;

/** Trimmed text that must not be blank. */
export const requiredText = (max = 255) =>
  z
    .string({ error: V.blank })
    .trim()
    .min(1, { error: V.blank })
    .max(max, { error: V.tooLong(max) });

/** Optional text: empty becomes null. */
export const optionalText = (max = 255) =>
  z
    .string({ error: V.type })
    .trim()
    .max(max, { error: V.tooLong(max) })
    .nullish()
    .transform((v) => (v ? v : null));

/** A relation written as an @id string, a number, or an object with @id/id (DESIGN §4). */
export const refSchema = z
  .union([z.string(), z.number(), z.object({ '@id': z.string().optional(), id: z.union([z.number(), z.string()]).optional() })], {
    error: V.reference,
  })
  .transform((v, ctx) => {
    const id = refToId(v);
    if (id === null) {
      ctx.addIssue({ code: 'custom', message: V.reference });
      return z.NEVER;
    }
    return id;
  });
export const nullableRef = refSchema.nullable().optional();

/** Calendar date as YYYY-MM-DD (ISO date-times are cut to their date). */
export const isoDate = z
  .string({ error: V.date })
  .transform((v, ctx) => {
    const d = v.slice(0, 10);
    const t = Date.parse(`${d}T00:00:00Z`);
    // The round trip refuses dates that do not exist, such as 2026-02-31.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== d) {
      ctx.addIssue({ code: 'custom', message: V.date });
      return z.NEVER;
    }
    return d;
  });

/** One id or several (`x=1`, `x[]=1&x[]=2`), from the query string. */
export const idList = z
  .union([z.coerce.number({ error: V.type }), z.array(z.coerce.number({ error: V.type })).max(1000)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.number().int({ error: V.type }).positive({ error: V.type }).max(2147483647, { error: V.type })));

export const paginationQuery = z.object({
  page: z.coerce.number({ error: V.type }).int({ error: V.type }).min(1, { error: V.type }).default(1),
  itemsPerPage: z.coerce.number({ error: V.type }).int({ error: V.type }).min(1, { error: V.type }).max(1000, { error: V.type }).default(30),
});

export interface Violation {
  propertyPath: string;
  message: string;
}

export interface HydraCollection<T> {
  '@context'?: string;
  '@id'?: string;
  '@type': 'hydra:Collection';
  'hydra:member': T[];
  'hydra:totalItems': number;
  'hydra:view'?: Record<string, unknown>;
}

export interface JsonLd {
  '@context'?: string;
  '@id': string;
  '@type': string;
}
