import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { databaseRefusal, sqlState } from '../http/database-errors';
import { DetailedError, HttpError, TooManyRequests, ValidationError } from '../http/errors';
import { WorkAborted } from '../http/request-signal';
import { FileStoreUnavailable } from '../lib/file-store';
import { HYDRA_TYPE } from './content-types';

/** Messages that mean the database is away (restart, network), answered with 503 rather than 500. */
const DB_UNAVAILABLE =
  /Query read timeout|canceling statement due to statement timeout|ECONNREFUSED|ECONNRESET|Connection terminated|terminating connection|the database system is (starting up|shutting down)|timeout exceeded when trying to connect|Client has encountered a connection error|EPIPE/i;
const DB_UNAVAILABLE_CODES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);

function dbUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: string }).code;
    if (code && DB_UNAVAILABLE_CODES.has(code)) return true;
    if (DB_UNAVAILABLE.test(String((e as Error).message ?? ''))) return true;
  }
  return false;
}

export const hydraError = (status: number, description: string, title = 'An error occurred') => ({
  '@context': '/api/contexts/Error',
  '@type': 'hydra:Error',
  'hydra:title': title,
  'hydra:description': description,
  status,
  detail: description,
});

const unavailable = (reply: FastifyReply) =>
  reply
    .status(503)
    .header('retry-after', '5')
    .type(HYDRA_TYPE)
    .send(hydraError(503, 'The service is temporarily unavailable. Please try again.'));

/** One error handler for every route: Hydra bodies, never a stack trace (DESIGN §4). */
export function registerErrorHandler(app: FastifyInstance, outage?: { report(err: unknown): void }) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof ValidationError) {
      return reply.status(400).type(HYDRA_TYPE).send({
        '@context': '/api/contexts/ConstraintViolationList',
        '@type': 'ConstraintViolationList',
        'hydra:title': 'An error occurred',
        'hydra:description': err.message,
        violations: err.violations,
      });
    }
    if (err instanceof HttpError) {
      if (err instanceof TooManyRequests) reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      const details = err instanceof DetailedError ? err.details : {};
      return reply
        .status(err.statusCode)
        .type(HYDRA_TYPE)
        .send({ ...hydraError(err.statusCode, err.message, err.title), ...details });
    }
    if (err instanceof WorkAborted) {
      // Long work stopped on purpose: its client went away (nobody reads this answer), or the instance is stopping
      // (the client may try again on another instance).
      req.log.info({ why: err.why, route: req.routeOptions.url }, 'work stopped');
      return unavailable(reply);
    }
    if (err instanceof FileStoreUnavailable) {
      // Before the database checks: a store that refuses connections says ECONNREFUSED too. The message names the
      // operation and its status, never a key, link or credential.
      req.log.warn({ store: err.message, route: req.routeOptions.url }, 'file store unavailable');
      return unavailable(reply);
    }
    const refused = databaseRefusal(err);
    if (refused) {
      // Not the query itself: its parameters may hold what must not be logged.
      req.log.warn({ sqlState: sqlState(err), route: req.routeOptions.url }, 'database refused the request');
      return reply.status(refused.statusCode).type(HYDRA_TYPE).send(hydraError(refused.statusCode, refused.message));
    }
    if (dbUnavailable(err)) {
      // One log line per outage, not per request (see db/outage.ts).
      if (outage) outage.report(err);
      else req.log.warn({ err }, 'database unavailable');
      return unavailable(reply);
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).type(HYDRA_TYPE).send(hydraError(500, 'Internal Server Error'));
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type, rate limit.
    let description = err.message;
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') description = 'Unsupported content type.';
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) description = 'The request body is too large.';
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError')
      description = 'Syntax error: the body is not valid JSON.';
    return reply.status(status).type(HYDRA_TYPE).send(hydraError(status, description));
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .status(404)
      .type(HYDRA_TYPE)
      .send(hydraError(404, `No route matches "${req.method} ${req.url.split('?')[0]}".`));
  });
}
