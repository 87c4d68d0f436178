import { z } from 'zod';

/**
 * Answers as the API declares them (DESIGN §14): each route names its answer's schema, from which the API document
 * shows it and the tests check every answer (checkResponses). A resource's schema is written next to its request
 * schemas (`mediaSchema` in media.ts…) with `jsonLdObject`: strict, so that drift in a field's name, type or
 * nullability fails the API tests; its TypeScript type is derived from it (`z.output`), never written twice. They check,
 * they never filter: the server writes answers with JSON.stringify.
 */

/** Keeps the fields an object schema does not name (at run time), typed as the object it names (presenters' interfaces fit). */
export const loose = <T extends z.ZodObject>(schema: T): T => schema.loose() as unknown as T;

/** Any JSON-LD resource of the given `@type` (or of any type): only where a full schema is still to come. */
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

/** A JSON answer described elsewhere (the OpenAPI document itself). */
export const jsonAnswerSchema = z.object({}).loose() as unknown as z.ZodType<object>;

/** A redirection (302): its Location says where. */
export const redirectSchema = z.unknown().describe('Redirect: see Location');

/** What sign-in and a token refresh answer when refused (401), as the product's API does. */
export const authRefusalSchema = z.strictObject({ code: z.literal(401), message: z.string() });

/** `{ status: 'ok' }`: the health checks. */
export const healthAnswerSchema = z.strictObject({ status: z.literal('ok') });

/** An analytics event taken (202). */
export const analyticsAcceptedSchema = z.strictObject({ '@type': jsonLdType('AnalyticsEvent'), accepted: z.literal(true) });

/** `{ message }`: what the public account routes answer. */
export const messageAnswerSchema = z.strictObject({ message: z.string() });
