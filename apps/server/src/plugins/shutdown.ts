import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();

/**
 * Answers sent while the server drains say `connection: close`, so a keep-alive client lets go of its connection
 * as soon as its request is done instead of holding the server open.
 */
export function registerDrain(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining.has(app)) reply.header('connection', 'close');
    return payload;
  });
}

/**
 * Stops taking connections, closes idle ones at once (and each one that falls idle after its last answer),
 * lets requests in flight finish, then runs the app's onClose hooks (the database closes last).
 */
export async function drainAndClose(app: FastifyInstance) {
  draining.add(app);
  const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
  sweep.unref();
  app.server.closeIdleConnections();
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}
