import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // react-hot-toast injects its keyframes at run time; scripts stay strictly same-origin.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every answer (@fastify/helmet), with a strict Content-Security-Policy (no inline scripts).
 * Helmet's other defaults that we never sent (Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection) stay off, so answers carry the same headers as before.
 * Registered first: its hook runs before any other that may answer early (a 415, a preflight, a shutdown 503).
 */
export async function registerSecurity(app: FastifyInstance, opts: { crossOrigin?: boolean; hsts?: boolean } = {}) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Pages of the CORS_ORIGINS must be able to show media links in <img>/<video>, which CORP same-origin forbids.
    crossOriginResourcePolicy: { policy: opts.crossOrigin ? 'cross-origin' : 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Only a server reached over https may pin browsers to https (a plain-http install would lock itself out).
    strictTransportSecurity: opts.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // Helmet has no Permissions-Policy, and caching is ours to decide: an answer that says nothing is not stored.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('permissions-policy', 'camera=(self), microphone=(self), geolocation=()');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
