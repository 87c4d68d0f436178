import type { Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { abortRunningWork } from '../http/request-signal';

// Keyed by the HTTP server, which the app and every plugin scope share, so a route in any scope can ask.
const stopping = new WeakSet<Server>();
const draining = new WeakSet<Server>();

/** True once the instance has begun stopping: its health route answers 503 from then on. */
export const isStopping = (app: FastifyInstance) => stopping.has(app.server);

/** How long stopping waits at most for routes still running when no drain set a deadline (app.close() alone). */
const SETTLE_MS = 30_000;
/**
 * The bound of a whole stop after the grace: main.ts exits by then whatever is left. Connections still open
 * `CUT_AFTER_MS` after the grace are destroyed, and routes still running get `SETTLE_AFTER_CUT_MS` more to
 * end (a route whose client is gone finishes its writes); the rest of the bound is for the onClose hooks (the job
 * queue, the access log, the database).
 */
export const STOP_BOUND_MS = 10_000;
export const CUT_AFTER_MS = 7_500;
const SETTLE_AFTER_CUT_MS = 500;
/** When a drain's wait for routes still running ends (set when draining begins). */
const settleBy = new WeakMap<Server, number>();

/**
 * Answers sent while the server drains say `connection: close`, so a keep-alive client lets go of its connection
 * as soon as its request is done instead of holding the server open.
 *
 * Requests are counted from their start to their end, so that stopping lets every route still running finish
 * before the database closes. A request whose client went away has no end (its answer never finishes): it ends when
 * its answer is made, in this onSend hook, the app's last (main.ts registers it after buildApp), so the route and
 * the hooks that write after it (the idempotency key) are done. Answers a route took over (`reply.hijack()`, which
 * counts as sent: the notification stream) are not waited for: they end with their connection, which the server's
 * close waits for.
 */
export function registerDrain(app: FastifyInstance, settleMs = SETTLE_MS) {
  const running = new Map<FastifyRequest, { reply: FastifyReply; answered: boolean }>();
  app.addHook('onRequest', async (req, reply) => {
    const entry = { reply, answered: false };
    running.set(req, entry);
    // An answer cut off after it was made never reaches onResponse.
    reply.raw.once('close', () => {
      if (entry.answered || reply.sent) running.delete(req);
    });
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (draining.has(app.server)) reply.header('connection', 'close');
    const entry = running.get(req);
    if (entry) entry.answered = true;
    if (req.raw.socket?.destroyed) running.delete(req);
    return payload;
  });
  app.addHook('onResponse', async (req) => {
    running.delete(req);
  });
  // Fastify answers new requests 503 from here on; the server and then the database close once this returns.
  app.addHook('preClose', async () => {
    const until = settleBy.get(app.server) ?? Date.now() + settleMs;
    const waiting = () => [...running.values()].some((e) => !e.reply.sent);
    while (waiting() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  });
}

/**
 * Marks the instance stopping and keeps serving for `graceMs`, so a load balancer's health check takes it out of the
 * pool before it closes; then stops taking connections, closes idle ones at once (and each one that falls idle after
 * its last answer), lets requests in flight finish, and runs the app's onClose hooks (the database closes last).
 *
 * Long work of requests is told to stop when draining begins (`abortRunningWork`: exports, PDFs, the notification
 * streams, which end with a retry hint): during the grace the instance still serves whatever the load balancer
 * sends, so a short export finishes as usual; after it nobody should wait on this instance for minutes. Uploads are
 * not work that can be cut and resumed here: they get until `cutAfterMs`, when every connection still open is
 * destroyed, so that the process ends within `graceMs + STOP_BOUND_MS`.
 */
export async function drainAndClose(app: FastifyInstance, graceMs = 0, cutAfterMs = CUT_AFTER_MS) {
  // Counted from now, not from the end of the grace: a loop held up by long work must not push the bound back.
  const cutAt = Date.now() + graceMs + cutAfterMs;
  stopping.add(app.server);
  settleBy.set(app.server, cutAt + SETTLE_AFTER_CUT_MS);
  let closed = false;
  app.server.once('close', () => (closed = true));
  const cut = setTimeout(() => {
    // The server's close still waits: some connection is still open (an upload, a slow reader).
    if (closed) return;
    app.log.warn({ afterMs: graceMs + cutAfterMs }, 'stopping: cutting the connections still open');
    app.server.closeAllConnections();
  }, cutAt - Date.now());
  cut.unref();
  if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
  draining.add(app.server);
  abortRunningWork(app);
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  sweep.unref();
  app.server.closeIdleConnections();
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
