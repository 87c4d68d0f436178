import { z } from 'zod';
import { PAGE_SIZE } from '../constants';
import { MAX_ID } from '../helpers';
import { V, digitsInteger, isoDate, refSchema } from './common';

/**
 * The one way a list route says what it understands in its query string (DESIGN §4 "Filters and pages").
 * A route declares `listQuery({ ...filters })` next to its body schemas; the server reads the query with it
 * (both spellings, `x=v&x[]=v` as one value, unknown names answer 400), writes the `hydra:view` links from it,
 * and the API document lists its parameters from it. Nothing else has to know the filter exists.
 */
export type FilterShape = 'one' | 'many' | 'keyed';

export interface Filter<S extends z.ZodType = z.ZodType> {
  shape: FilterShape;
  /** Validates the value: a string for `one`, a string array for `many`, an object of strings for `keyed`. */
  schema: S;
  /** JSON schema of one value, for the API document. */
  value: Record<string, unknown>;
  /** `keyed` only: the keys understood inside the brackets (`exists[creator]`, `date[after]`). */
  keys?: readonly string[];
  description?: string;
}

// Plain digits only: `3.4e1`, `1.0`, ` 1` and `0x1f` are no ids, though Number() reads them as some (ids are int4).
const idValue = digitsInteger(1, MAX_ID);
const flagValue = z.enum(['1', '0', 'true', 'false'], { error: V.choice }).transform((v) => v === '1' || v === 'true');

/** A query-string switch: 1/0 or true/false (spec §7 sends isFinished as 0/1). */
export const queryFlag = flagValue;

export const filter = {
  /** One or several ids (`x=1`, `x[]=1&x[]=2`); always an array once read. */
  ids: (description?: string): Filter<z.ZodType<number[]>> => ({
    shape: 'many',
    schema: z.array(idValue, { error: V.type }).max(1000, { error: V.type }),
    value: { type: 'integer', minimum: 1 },
    description,
  }),
  /** One or several values of another kind (e.g. media types). */
  many: <T>(item: z.ZodType<T>, value: Record<string, unknown>, description?: string): Filter<z.ZodType<T[]>> => ({
    shape: 'many',
    schema: z.array(item, { error: V.type }).max(1000, { error: V.type }),
    value,
    description,
  }),
  /** A yes/no switch: 1/0 or true/false. */
  flag: (description?: string): Filter<z.ZodType<boolean>> => ({
    shape: 'one',
    schema: flagValue,
    value: { type: 'string', enum: ['1', '0', 'true', 'false'] },
    description,
  }),
  /** One text, trimmed. */
  text: (max: number, description?: string): Filter<z.ZodType<string>> => ({
    shape: 'one',
    schema: z
      .string({ error: V.type })
      .trim()
      .max(max, { error: V.tooLong(max) }),
    value: { type: 'string', maxLength: max },
    description,
  }),
  /** A relation by `@id` or number. */
  ref: (description?: string): Filter<z.ZodType<number>> => ({ shape: 'one', schema: refSchema, value: { type: 'string' }, description }),
  /** `exists[field]=true|false`: whether a relation is set. */
  exists: <K extends string>(keys: readonly K[]): Filter<z.ZodType<Partial<Record<K, boolean>>>> => ({
    shape: 'keyed',
    schema: z.object(Object.fromEntries(keys.map((k) => [k, flagValue.optional()]))).strict() as unknown as z.ZodType<
      Partial<Record<K, boolean>>
    >,
    value: { type: 'string', enum: ['1', '0', 'true', 'false'] },
    keys,
    description: 'whether the relation is set',
  }),
  /** `field[after]=` / `field[before]=`: a calendar-date range, both ends included. */
  dateRange: (description?: string): Filter<z.ZodType<{ after?: string; before?: string }>> => ({
    shape: 'keyed',
    schema: z.object({ after: isoDate.optional(), before: isoDate.optional() }).strict(),
    value: { type: 'string', format: 'date' },
    keys: ['after', 'before'],
    description,
  }),
};

export type Filters = Record<string, Filter>;

const pageFilters = (itemsPerPage: number) =>
  ({
    page: { shape: 'one', schema: digitsInteger(1, MAX_ID).default(1), value: { type: 'integer', minimum: 1 } },
    itemsPerPage: {
      shape: 'one',
      schema: digitsInteger(1, 1000).default(itemsPerPage),
      value: { type: 'integer', minimum: 1, maximum: 1000 },
    },
  }) satisfies Filters;

type PageValue = ReturnType<typeof pageFilters>['page']['schema'];
type Shape<F extends Filters> = { [K in keyof F]: z.ZodOptional<F[K]['schema']> } & { page: PageValue; itemsPerPage: PageValue };

export interface ListQuery<S extends z.ZodType = z.ZodType> {
  /** Every name understood, page and itemsPerPage included, in the canonical (camelCase, dotted) spelling. */
  filters: Filters;
  schema: S;
}

/** Declares a paged list's filters; see the file's head. */
export function listQuery<F extends Filters>(
  filters: F,
  itemsPerPage: number = PAGE_SIZE.default,
): ListQuery<z.ZodObject<Shape<F>, z.core.$strict>> {
  const all = { ...filters, ...pageFilters(itemsPerPage) };
  const shape = Object.fromEntries(Object.entries(filters).map(([k, f]) => [k, f.schema.optional()]));
  const schema = z.object({ ...shape, page: all.page.schema, itemsPerPage: all.itemsPerPage.schema }).strict();
  return { filters: all, schema: schema as unknown as z.ZodObject<Shape<F>, z.core.$strict> };
}

export type ListQueryOutput<L extends ListQuery> = z.output<L['schema']>;

/** `teachingClass.id` → `teaching_class.id`: the snake-case spelling of the product's API. */
export const snakeName = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** `teaching_class.id` → `teachingClass.id`. */
export const camelName = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
