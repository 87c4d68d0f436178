import type { Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Why a request's work was stopped: its client went away, or the instance is stopping. */
export class WorkAborted extends Error {
  constructor(public readonly why: 'client-gone' | 'stopping') {
    super(why === 'client-gone' ? 'The client went away.' : 'The server is stopping.');
    this.name = 'WorkAborted';
  }
}

const signals = new WeakMap<FastifyRequest, AbortSignal>();
/**
 * Aborted once the instance begins to stop (plugins/shutdown.ts calls `abortRunningWork`). Keyed by the HTTP server,
 * which the app and every plugin scope share (tests build several apps in one process).
 */
const stopping = new WeakMap<Server, AbortController>();

function stopController(server: Server): AbortController {
  let c = stopping.get(server);
  if (!c) stopping.set(server, (c = new AbortController()));
  return c;
}

/**
 * The signal that long work of a request (an import, a PDF, an export) passes through its whole pipeline: aborted
 * when the client goes away before its answer finished (the connection closed first), or when the instance stops.
 * Work that sees it aborted stops at once and throws `WorkAborted`; nobody is left to read its answer.
 */
export function requestSignal(req: FastifyRequest, reply: FastifyReply): AbortSignal {
  const known = signals.get(req);
  if (known) return known;
  const c = new AbortController();
  const signal = AbortSignal.any([c.signal, stopController(req.server.server).signal]);
  signals.set(req, signal);
  const res = reply.raw;
  res.once('close', () => {
    if (!res.writableFinished) c.abort(new WorkAborted('client-gone'));
  });
  // A socket already gone before the route ran (the close above then never fires for it).
  if (req.raw.socket?.destroyed) c.abort(new WorkAborted('client-gone'));
  return signal;
}

/** Throws `WorkAborted` if the signal is aborted: the check long loops make between two units of work. */
export function checkAborted(signal: AbortSignal | undefined) {
  if (!signal?.aborted) return;
  throw signal.reason instanceof WorkAborted ? signal.reason : new WorkAborted('client-gone');
}

/** Called once when the instance begins to stop: every running request's work is told to stop. */
export function abortRunningWork(app: FastifyInstance) {
  stopController(app.server).abort(new WorkAborted('stopping'));
}

/** The instance's stop signal alone, for work that belongs to no request (a job's run). */
export const stopSignal = (app: FastifyInstance): AbortSignal => stopController(app.server).signal;
