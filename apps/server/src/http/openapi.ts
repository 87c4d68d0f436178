import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY, type ListQuery } from '@skillroom/contract';
import { JSON_TYPES } from '../plugins/content-types';
import { listParameters } from './list-query';

/** What a route may tell the API document about itself (route `config.doc`). */
export interface RouteDoc {
  summary?: string;
  body?: z.ZodType;
  /** A list's declared filters (`listQuery`): its parameters are written from them. */
  query?: ListQuery | z.ZodType;
  /** The answer's media type when it is not JSON-LD (the notification stream: `text/event-stream`). */
  produces?: string;
  /** Multipart upload instead of a JSON body. */
  multipart?: Record<string, string>;
  tags?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

interface Collected {
  method: string;
  url: string;
  doc: RouteDoc;
}

const toSchema = (s: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

const plainParameters = (schema: z.ZodType) =>
  Object.entries((toSchema(schema).properties ?? {}) as Record<string, unknown>).map(([name, s]) => ({
    name,
    in: 'query',
    required: false,
    schema: s,
  }));

/** Collects every route as it is registered, so the document can never miss one. */
export function collectRoutes(app: FastifyInstance) {
  const routes: Collected[] = [];
  app.addHook('onRoute', (r: RouteOptions) => {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    const doc = (r.config as { doc?: RouteDoc } | undefined)?.doc ?? {};
    for (const method of methods) routes.push({ method: method.toLowerCase(), url: r.url, doc });
  });
  return routes;
}

/** Every write under /api takes an optional `Idempotency-Key` (plugins/idempotency.ts, DESIGN §7). */
const IDEMPOTENCY_PARAMETER = {
  name: IDEMPOTENCY.header,
  in: 'header',
  required: false,
  description:
    `Makes a retry safe: the first answer is kept ${IDEMPOTENCY.keepHours} h and a repeat with the same request gets it again ` +
    `(header ${IDEMPOTENCY.replayedHeader}: true) without writing; the same key with another request answers 409.`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY.maxKeyLength, pattern: '^[\\x21-\\x7e]+$' },
};
const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** An OpenAPI 3.1 document of every collected route. */
export function openApiDocument(routes: Collected[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    if (r.url.includes('*')) continue;
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const params = [...r.url.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const queryParams = r.doc.query ? ('filters' in r.doc.query ? listParameters(r.doc.query) : plainParameters(r.doc.query)) : [];
    const secured = path.startsWith('/api/auth/');
    const keyed = WRITE_METHODS.has(r.method) && path.startsWith('/api/');
    const op: Record<string, unknown> = {
      summary: r.doc.summary ?? `${r.method.toUpperCase()} ${path}`,
      tags: r.doc.tags ?? [path.split('/')[4] ?? path.split('/')[1] ?? 'root'],
      parameters: [...params, ...queryParams, ...(keyed ? [IDEMPOTENCY_PARAMETER] : [])],
      responses: {
        '200': { description: 'OK', content: { [r.doc.produces ?? 'application/ld+json']: {} } },
        '400': { description: 'Violations (ConstraintViolationList)' },
        ...(secured
          ? { '401': { description: 'No valid bearer token' }, '403': { description: 'Forbidden' }, '404': { description: 'Not found' } }
          : {}),
        ...(keyed
          ? { '409': { description: 'Conflict (the Idempotency-Key was used for another request, or its first run goes on)' } }
          : {}),
      },
      ...(secured ? { security: [{ bearer: [] }] } : {}),
    };
    if (r.doc.body) {
      const schema = toSchema(r.doc.body);
      // Every JSON type is read alike (plugins/content-types.ts); generated clients pick the first they know.
      op.requestBody = { required: true, content: Object.fromEntries(JSON_TYPES.map((t) => [t, { schema }])) };
    }
    // A route may take both (the roster import: pasted text as JSON, or a file): the multipart form joins the JSON types.
    if (r.doc.multipart)
      op.requestBody = {
        required: true,
        content: {
          ...((op.requestBody as { content?: object } | undefined)?.content ?? {}),
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: Object.fromEntries(Object.entries(r.doc.multipart).map(([k, d]) => [k, { type: 'string', description: d }])),
            },
          },
        },
      };
    (paths[path] ??= {})[r.method] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Skillroom API',
      version,
      description:
        'JSON-LD / Hydra API of Skillroom. Authenticated routes need `Authorization: Bearer <token>` from /api/public/v1/login_check.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
  };
}
