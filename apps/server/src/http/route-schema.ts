import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { camelName, MAX_ID, type ListQuery, type ListQueryOutput } from '@skillroom/contract';
import { ValidationError } from './errors';
import { listParameters, readListQuery, type LinkQuery } from './list-query';
import { toViolations, withoutUndefined } from './validate';

/**
 * One declaration per route (DESIGN §14): a route's `schema` names its params, querystring, body and answers with the
 * contract's zod schemas. Fastify validates them before any `preHandler` (so a refused request never claims an
 * `Idempotency-Key`), the error handler answers the violations as a ConstraintViolationList, and the API document
 * (http/api-document.ts) is generated from the same declarations.
 */

const INVALID_ID = 'Invalid identifier.';

/** A numeric path id: plain digits within the int4 range; anything else is one violation named after the parameter. */
export const pathId = z
  .string({ error: INVALID_ID })
  .regex(/^\d{1,12}$/, { error: INVALID_ID })
  .transform(Number)
  .pipe(z.number().int({ error: INVALID_ID }).min(1, { error: INVALID_ID }).max(MAX_ID, { error: INVALID_ID }));

/** Schemas the API document shows as integers, whatever their input is read from (a path segment is text). */
export const INTEGER_IN_DOCUMENT = new WeakSet<object>([pathId]);

/** `/thing/:id`. */
export const idParams = z.object({ id: pathId });

/** Each list's declaration, by the querystring schema made from it (the tests walk every declared list). */
const LISTS = new WeakMap<object, ListQuery>();
const listSchemas = new WeakMap<ListQuery, z.ZodType>();
export const listOf = (schema: unknown): ListQuery | undefined => (schema && typeof schema === 'object' ? LISTS.get(schema) : undefined);

/**
 * The querystring of a list: its parameters for the document, read by `readListQuery` (both spellings, `x=v&x[]=v`,
 * unknown names a 400 naming them), so that the handler gets the parsed query and the canonical filters for links.
 */
export function listQuerystring<L extends ListQuery>(list: L): z.ZodType<{ query: ListQueryOutput<L>; links: LinkQuery }> {
  const known = listSchemas.get(list);
  if (known) return known as z.ZodType<{ query: ListQueryOutput<L>; links: LinkQuery }>;
  const shape = Object.fromEntries(
    listParameters(list).map((p) => [
      p.name,
      z
        .unknown()
        .optional()
        .meta({ ...(p.schema as object), description: p.description as string }),
    ]),
  );
  // Loose: a name not declared reaches readListQuery, which answers 400 naming it.
  const schema = z.looseObject(shape).transform((raw) => readListQuery(raw, list));
  LISTS.set(schema, list);
  listSchemas.set(list, schema);
  return schema;
}

/**
 * Validates with the route's zod schemas, answering violations as today's in-handler `parse` did: an absent or empty
 * body is `{}` (DESIGN §4), a missing value is told from one of the wrong type, and a list query is read by its
 * declaration (which throws its own violations).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = httpPart === 'body' ? (data ?? {}) : data;
    try {
      const r = schema.safeParse(input);
      if (!r.success) return { error: new ValidationError(toViolations(r.error, '', data)) };
      return { value: httpPart === 'body' ? withoutUndefined(r.data) : r.data };
    } catch (e) {
      if (e instanceof ValidationError) return { error: e };
      throw e;
    }
  };

/**
 * Answers are written with JSON.stringify, as before: a response schema documents and (in tests) checks an answer,
 * but never costs production time nor drops a field it does not name.
 */
export const serializerCompiler = () => (data: unknown) => JSON.stringify(data);

type ResponseSchemas = Record<string, unknown>;

/**
 * Checks each answer against the schema its route declares for its status (tests turn it on): an answer that drifts
 * from its declaration is a 500 naming the fields, so a test fails where production would have sent it.
 */
export function checkResponses(app: FastifyInstance) {
  app.addHook('preSerialization', async (req, reply, payload) => {
    const responses = req.routeOptions.schema?.response as ResponseSchemas | undefined;
    const status = reply.statusCode;
    if (!responses || status >= 300) return payload;
    const schema = responses[String(status)] ?? responses[`${String(status)[0]}xx`];
    if (!(schema instanceof z.ZodType)) throw new Error(`${req.method} ${req.routeOptions.url} declares no answer for ${status}`);
    const r = schema.safeParse(payload);
    if (!r.success) {
      const where = r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`${req.method} ${req.routeOptions.url} answered ${status} off its schema: ${where.slice(0, 1000)}`);
    }
    return payload;
  });
}

/**
 * A body the handler reads itself, documented as `schema` but not refused by the validator: sign-in answers any
 * bad body with 401 (never telling which part was wrong), as the product's API does.
 */
export function documentedBody(schema: z.ZodType): z.ZodType<unknown> {
  return documentedAs(z.unknown(), schema);
}

/** A schema the document shows as `shownAs` (JSON Schema of its input): for a preprocess, which has no input shape of its own. */
export function documentedAs<S extends z.ZodType>(schema: S, shownAs: z.ZodType): S {
  const { $schema: _ignored, ...json } = z.toJSONSchema(shownAs, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return schema.meta(json) as S;
}

/**
 * A query that is not a list (a report's, growth's): its few names read as they come, in either spelling (`start_date`
 * too), any other a 400 by the schema's strictness; documented as the schema's input.
 */
export const namedQuery = <S extends z.ZodType>(schema: S) =>
  documentedAs(
    z.preprocess(
      (raw) => Object.fromEntries(Object.entries((raw ?? {}) as Record<string, unknown>).map(([k, v]) => [camelName(k), v])),
      schema,
    ),
    schema,
  );
