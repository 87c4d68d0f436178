import type { FastifyInstance } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // react-hot-toast injects its keyframes at run time; scripts stay strictly same-origin.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Security headers on every answer, with a strict Content-Security-Policy (no inline scripts). */
export function registerSecurity(app: FastifyInstance, opts: { crossOrigin?: boolean; hsts?: boolean } = {}) {
  // Pages of the CORS_ORIGINS must be able to show media links in <img>/<video>, which CORP same-origin forbids.
  const corp = opts.crossOrigin ? 'cross-origin' : 'same-origin';
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', corp);
    reply.header('permissions-policy', 'camera=(self), microphone=(self), geolocation=()');
    // Only a server reached over https may pin browsers to https (a plain-http install would lock itself out).
    if (opts.hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
