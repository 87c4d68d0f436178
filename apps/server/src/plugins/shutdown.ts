import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

// Keyed by the HTTP server, which the app and every plugin scope share, so a route in any scope can ask.
const stopping = new WeakSet<Server>();
const draining = new WeakSet<Server>();

/** True once the instance has begun stopping: its health route answers 503 from then on. */
export const isStopping = (app: FastifyInstance) => stopping.has(app.server);

/**
 * Answers sent while the server drains say `connection: close`, so a keep-alive client lets go of its connection
 * as soon as its request is done instead of holding the server open.
 */
export function registerDrain(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining.has(app.server)) reply.header('connection', 'close');
    return payload;
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
