import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HYDRA_TYPE } from './content-types';
import { hydraError } from './error-handler';

/** The largest request head (request line and headers) read; past it, 431. Node's own default, written down. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** A Hydra error written straight to a socket, for answers Node gives before Fastify sees a request. */
function rawHydra(status: number, description: string) {
  const body = JSON.stringify(hydraError(status, description));
  return (
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
    `Content-Type: ${HYDRA_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/**
 * Requests Node's HTTP parser refuses (headers too large, a malformed request line, a client too slow) never reach
 * Fastify's error handler: Fastify's default answers them in its own JSON. Same Hydra shape as every other error.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let answer: [number, string] = [400, 'The request is not valid HTTP.'];
  if (err.code === 'HPE_HEADER_OVERFLOW') answer = [431, `The request headers are too large: at most ${MAX_HEADER_BYTES / 1024} KB.`];
  else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') answer = [408, 'The request took too long to arrive.'];
  this.log.debug({ err }, 'client error');
  if (socket.writable) socket.write(rawHydra(...answer));
  socket.destroy(err);
}

/** What Fastify refuses before routing: a broken %-escape (400), a path segment past maxParamLength (414). */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const [status, description] = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'The address is too long.'] : [400, 'The address is not a valid URL.'];
  void reply.status(status).type(HYDRA_TYPE).send(hydraError(status, description));
}

/** An `Expect:` other than 100-continue, which Node would refuse with an empty 417. */
export function registerExpectationFailed(app: FastifyInstance) {
  app.server.on('checkExpectation', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const body = JSON.stringify(hydraError(417, 'Only "Expect: 100-continue" is supported.'));
    res.writeHead(417, { 'content-type': HYDRA_TYPE, 'content-length': Buffer.byteLength(body) }).end(body);
  });
}
