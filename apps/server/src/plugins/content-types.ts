import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { prepareJson } from '../http/json-numbers';

/** The JSON content types a client may send (DESIGN §4); the specification's client sends JSON-LD on every call. */
export const JSON_TYPES = ['application/json', 'application/ld+json', 'application/merge-patch+json'];
export const HYDRA_TYPE = 'application/ld+json; charset=utf-8';

/**
 * Request bodies and answer types for every route, present and future:
 * - an empty body with a JSON content type is no body, on every method (DELETE and body-less POSTs included);
 * - numbers are read as written: `3.4e1`, `1.0` or 2^53 + 1 never pass for an integer (`http/json-numbers.ts`);
 * - a body without a content type is read as JSON, so that a call answers the same with or without the header;
 * - any other content type (multipart has its own parser) is a 415;
 * - answers that are JSON-LD (they carry `@type` or `@context`) say so: `application/ld+json; charset=utf-8`.
 */
export function registerContentTypes(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error');
  const parse = (req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => {
    if (body.trim() === '') return done(null, undefined);
    const prepared = prepareJson(body);
    if (!prepared) return json(req, body, done);
    json(req, prepared.text, (err, parsed) => (err ? done(err) : done(null, prepared.restore(parsed))));
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (req, body, done) => parse(req, body as string, done));
  app.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => {
    if (req.headers['content-type'] === undefined) return parse(req, body as string, done);
    done(new HttpError(415, 'Unsupported content type.'));
  });
  app.addHook('preSerialization', async (_req, reply, payload) => {
    if (payload && typeof payload === 'object' && ('@type' in payload || '@context' in payload)) reply.type(HYDRA_TYPE);
    return payload;
  });
}
