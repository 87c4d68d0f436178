import { z } from 'zod';

/**
 * Answers as the API declares them (DESIGN §14): each route names its answer's schema, from which the API document
 * shows it and the tests check every answer. Loose objects: a field the schema does not name is kept, never stripped
 * (the server writes answers with JSON.stringify; the schemas describe and check, they do not filter).
 */

/** Keeps the fields an object schema does not name (at run time), typed as the object it names (presenters' interfaces fit). */
export const loose = <T extends z.ZodObject>(schema: T): T => schema.loose() as unknown as T;

/** Any JSON-LD resource of the given `@type` (or of any type). */
export const resourceSchema = (type?: string) =>
  loose(
    z.object({
      '@id': z.string(),
      '@type': type ? z.string().refine((t) => t === type, { error: `@type should be ${type}` }) : z.string(),
      id: z.number().int().optional(),
    }),
  );

/** `@type` checked by value: one type or one of several (a refinement keeps it a plain string, as presenters build it). */
export const jsonLdType = (types: string | readonly string[]) => {
  const allowed: readonly string[] = typeof types === 'string' ? [types] : types;
  return z.string().refine((t) => allowed.includes(t), { error: `@type should be ${allowed.join(' or ')}` });
};

/**
 * A resource's full answer (DESIGN §14): its own fields exactly, so that a field renamed, added, missing, of another
 * type or null where it may not be is drift the API tests catch (checkResponses); `@context` is there at the top level.
 */
export const jsonLdObject = <S extends z.ZodRawShape>(types: string | readonly string[], shape: S) =>
  z.strictObject({ '@context': z.string().optional(), '@id': z.string(), '@type': jsonLdType(types), ...shape });

/** A number of a constant table (`NotificationType`, `EntityType`…), typed as its union. */
export const oneOf = <T extends Record<string, number>>(table: T) => {
  const allowed: number[] = Object.values(table);
  return z
    .number()
    .int()
    .refine((n): n is T[keyof T] => allowed.includes(n), { error: `should be one of ${allowed.join(', ')}` });
};

/** id, created and updated, as most resources have them. */
export const stampFields = { id: z.number().int(), created: z.string(), updated: z.string() };

/** A JSON-LD answer that is not one resource (a summary, a result): it names its `@type`. */
export const jsonLdAnswerSchema = z.looseObject({ '@type': z.string() });

/** A Hydra page of items. */
export const hydraCollectionSchema = <T extends z.ZodType>(member: T) =>
  loose(
    z.object({
      '@id': z.string().optional(),
      '@type': z.literal('hydra:Collection'),
      'hydra:member': z.array(member),
      'hydra:totalItems': z.number().int().min(0),
      'hydra:view': z.record(z.string(), z.unknown()).optional(),
    }),
  );

/** 204: no body. */
export const noContentSchema = z.null().describe('No content') as unknown as z.ZodType<undefined>;

/** A file or stream (PDF, spreadsheet, zip, image, event stream): described, not checked. */
export const fileAnswerSchema = (description: string) => z.unknown().describe(description);

export const iriSchema = z.string();
export const dateTimeSchema = z.string();

/** A plain JSON answer (not JSON-LD: the product's sign-in, configuration and translations). */
export const jsonAnswerSchema = z.object({}).loose() as unknown as z.ZodType<object>;

/** A redirection (302): its Location says where. */
export const redirectSchema = z.unknown().describe('Redirect: see Location');

/** `{ message }`: what the public account routes answer. */
export const messageAnswerSchema = z.object({ message: z.string() });
