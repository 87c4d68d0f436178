import { z } from 'zod';
import { MAX_ID, refToId } from '../helpers';
import { JsonNumberText } from './json-number';
import { V } from '../violations';

// The violation texts live in violations.ts, free of zod for the web app's screens; re-exported for the schemas' users.
export { V };

/** Trimmed text that must not be blank. */
export const requiredText = (max = 255) =>
  z
    .string({ error: V.blank })
    .trim()
    .min(1, { error: V.blank })
    .max(max, { error: V.tooLong(max) });

/** Any finite number, however it was written in JSON (`1.0` and `1e3` included): for fields that are not integers. */
export const anyNumber = z.preprocess((v) => (v instanceof JsonNumberText ? v.value : v), z.number({ error: V.type }));

/**
 * An integer in a query string, path or form field: plain digits only (no sign, fraction, exponent, spaces or hex,
 * which `Number()` would quietly read), between `min` and `max`.
 */
export const digitsInteger = (min: number, max: number, message: string = V.type) =>
  z
    .string({ error: message })
    .regex(/^\d{1,16}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }));

/** A string, or (where the product's API has a number, e.g. `term`, `grade`) a number taken as written. */
const textInput = (numbers: boolean) =>
  numbers
    ? z.union([z.string(), z.number().transform(String), z.instanceof(JsonNumberText).transform((n) => n.text)], {
        error: V.typeOf('string'),
      })
    : z.string({ error: V.typeOf('string') });

/** Optional text: empty becomes null. */
export const optionalText = (max = 255, opts: { numbers?: boolean } = {}) =>
  textInput(opts.numbers ?? false)
    .pipe(
      z
        .string()
        .trim()
        .max(max, { error: V.tooLong(max) }),
    )
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

/** Dates a school can mean; outside them, a typo (or an attack) that PostgreSQL would refuse or misread. */
export const DATE_RANGE = { min: '1900-01-01', max: '2200-12-31' } as const;

// A calendar date, optionally with a time of day and an offset, each part checked below (no silent cut of 25:99).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/i;

/** The date part of a valid date or date-time, or null when any part names nothing (2026-02-30, 25:00, +24:00). */
export function validDatePart(value: string, withTime = true): string | null {
  const m = DATE_TIME.exec(value);
  if (!m || (!withTime && value.length !== 10)) return null;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', , oh = '0', om = '0'] = m;
  // Days that do not exist, such as 2026-02-29 or 2026-04-31, name nothing (Date would roll them over).
  const year = Number(y);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][Number(mo) - 1];
  if (days === undefined || Number(d) < 1 || Number(d) > days) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(sec) > 59 || Number(oh) > 23 || Number(om) > 59) return null;
  return `${y}-${mo}-${d}`;
}

const dateSchema = (withTime: boolean) =>
  z
    .string({ error: V.date })
    .transform((v, ctx) => {
      const d = validDatePart(v, withTime);
      if (d === null) {
        ctx.addIssue({ code: 'custom', message: V.date });
        return z.NEVER;
      }
      if (d < DATE_RANGE.min || d > DATE_RANGE.max) {
        ctx.addIssue({ code: 'custom', message: V.dateRange });
        return z.NEVER;
      }
      return d;
    })
    .meta({ format: 'date' });

/**
 * Calendar date as YYYY-MM-DD, between DATE_RANGE's ends. A valid ISO date-time (as the product's client may send)
 * is taken as its date; an invalid one (2026-01-01T25:99:99Z) is refused, never cut to its day.
 */
export const isoDate = dateSchema(true);
/** Exactly YYYY-MM-DD, a day that exists, between DATE_RANGE's ends (configuration, strict inputs). */
export const calendarDate = dateSchema(false);

/** Fields every resource shows that a client may send back: read, never written (DESIGN §4 "Writes"). */
export const READ_ONLY_FIELDS = ['@context', '@id', '@type', 'id', 'created', 'updated'] as const;
const readOnlyField = z
  .unknown()
  .optional()
  .transform(() => undefined)
  .meta({ readOnly: true, description: 'Read-only: ignored when sent back.' });

/**
 * A write body: the given fields, plus the read-only ones (the common ones and `readOnly`) which are accepted and
 * dropped, so a client may PATCH back what it read. Any other field is an unknown one and answers 400.
 */
export function writeBody<S extends z.ZodRawShape>(shape: S, readOnly: readonly string[] = []) {
  // Typed as nothing: they never reach the output (the server drops the undefined they become).
  const ignored = Object.fromEntries([...READ_ONLY_FIELDS, ...readOnly].map((k) => [k, readOnlyField])) as Record<never, never>;
  return z.object({ ...ignored, ...shape }).strict();
}

/** Prefer `listQuery` (filters.ts): it gives both spellings, unknown-name 400s, links and API parameters. */
export const paginationQuery = z.object({
  page: digitsInteger(1, MAX_ID).default(1),
  itemsPerPage: digitsInteger(1, 1000).default(30),
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
