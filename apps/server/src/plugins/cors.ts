import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY } from '@skillroom/contract';

/**
 * Cross-origin calls from the web app of another origin ("the API host", spec §7): only from `CORS_ORIGINS`
 * (none by default, so a same-origin install sends no CORS header at all). Preflights answer the methods and
 * the headers the client asks for; the bearer token travels in a header, so no credentials mode is needed.
 */
export async function registerCors(app: FastifyInstance, origins: string[]) {
  if (!origins.length) return;
  await app.register(cors, {
    origin: origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    // No allowedHeaders: the preflight allows the headers the client asks for (Authorization, Content-Type, Idempotency-Key…).
    exposedHeaders: ['Content-Disposition', 'Retry-After', 'Location', IDEMPOTENCY.replayedHeader],
    maxAge: 600,
    strictPreflight: true,
  });
}
