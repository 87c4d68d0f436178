import type { Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Keyed by the HTTP server, which the app and every plugin scope share, so a route in any scope can ask.
const stopping = new WeakSet<Server>();
const draining = new WeakSet<Server>();

/** True once the instance has begun stopping: its health route answers 503 from then on. */
export const isStopping = (app: FastifyInstance) => stopping.has(app.server);

/** How long stopping waits at most for routes still running (main.ts bounds the whole stop as well). */
const SETTLE_MS = 30_000;

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
    const until = Date.now() + settleMs;
    const waiting = () => [...running.values()].some((e) => !e.reply.sent);
    while (waiting() && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  });
}

/**
 * Marks the instance stopping and keeps serving for `graceMs`, so a load balancer's health check takes it out of the
 * pool before it closes; then stops taking connections, closes idle ones at once (and each one that falls idle after
 * its last answer), lets requests in flight finish, and runs the app's onClose hooks (the database closes last).
 */
export async function drainAndClose(app: FastifyInstance, graceMs = 0) {
  stopping.add(app.server);
  if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
  draining.add(app.server);
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  sweep.unref();
  app.server.closeIdleConnections();
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
