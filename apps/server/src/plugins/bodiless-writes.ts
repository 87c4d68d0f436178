import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { writeBody } from '@skillroom/contract';
import { parse } from '../http/validate';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a write that reads no body takes: nothing, `{}`, or JSON-LD names sent back as read (`writeBody` drops them). */
const NO_FIELDS = writeBody({});

const refuseFields = async (req: FastifyRequest) => {
  parse(NO_FIELDS, req.body);
};

/**
 * Writes under /api that declare no body (a `schema` without `body` or `x-multipart`: an accept, a reject, a
 * DELETE…) answer 400 naming any field sent, as every route with a body does for a field it does not know
 * (DESIGN §4): a client that thinks it is sending something learns that it is not. Checked before the handler (and
 * before the `Idempotency-Key` is taken), for routes present and future. Routes that read the raw stream themselves
 * (tus) have no JSON parser, so their body is never an object here.
 */
export function refuseBodiesOfBodilessWrites(app: FastifyInstance) {
  app.addHook('onRoute', (r: RouteOptions) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    const schema = r.schema ?? {};
    if (!r.url.startsWith('/api/') || schema.body || schema['x-multipart'] || !methods.some((m) => WRITES.has(m))) return;
    const own = r.preValidation ? (Array.isArray(r.preValidation) ? r.preValidation : [r.preValidation]) : [];
    r.preValidation = [...own, refuseFields] as RouteOptions['preValidation'];
  });
}
