import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app';
import type { TestServer } from './harness';

/** The Redis the shared-limit tests run against (`.ci/run` starts the machine's one at this address). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Keys of this test file alone: parallel runs (another file, the other database's run) never count each other's. */
export const testKeyPrefix = () => `skillroom-test:${crypto.randomBytes(6).toString('hex')}:`;

/**
 * A client of the test Redis. These tests are the proof that limits are shared, so a Redis that does not answer
 * fails them, with a message saying what to start; they are never skipped.
 */
export async function testRedis(keyPrefix: string) {
  const client = new Redis(TEST_REDIS_URL, { keyPrefix, lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    throw new Error(`Redis does not answer at ${TEST_REDIS_URL} (${String(err)}): start it (.ci/run does), or set TEST_REDIS_URL`);
  }
  return {
    client,
    /** Removes every key of the prefix (they expire anyway, within a minute). */
    async close() {
      const keys = await client.keys(`${keyPrefix}*`);
      // KEYS answers full names, and the client would put the prefix before them once more.
      if (keys.length) await client.del(...keys.map((k) => k.slice(keyPrefix.length)));
      client.disconnect();
    },
  };
}

/** A port on 127.0.0.1 that nothing listens on: a Redis that is away. */
export async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A second instance on the same database, data folder and Redis as `s`, as behind a load balancer. */
export async function startTwin(s: TestServer, logStream?: { write(line: string): void }): Promise<FastifyInstance> {
  const { app } = await buildApp({ config: s.ctx.config, database: s.ctx.database, logger: Boolean(logStream), logStream });
  await app.ready();
  return app;
}

/** A sign-up attempt from `ip`: its empty body is refused, but the attempt counts against the address's limit. */
export const signUpFrom = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/public/v1/user',
    remoteAddress: ip,
    headers: { 'content-type': 'application/ld+json' },
    payload: '{}',
  });

/** The statuses of `n` sign-up attempts from `ip`, sent to the instances in turn. */
export async function attempts(apps: FastifyInstance[], ip: string, n: number) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await signUpFrom(apps[i % apps.length]!, ip)).statusCode);
  return out;
}

/** The log lines about Redis (its outage and its return). */
export const redisLines = (lines: Record<string, unknown>[]) =>
  lines.filter((l) => /^Redis /.test(String(l.msg))).map((l) => String(l.msg));
