import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { API_AUTH_PREFIX, COOKIE_BEARER, type JwtClaims } from '@skillroom/contract';
import { forbidden, unauthorized } from '../http/errors';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface Principal {
  userId: number;
  username: string;
  roles: string[];
  /** The login (refresh-token family) the access token was issued for. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of any request, or null (a read that may be made signed in or not). */
    signedIn: Principal | null;
    /**
     * The signed-in user in the authenticated scope (/api/auth/), whose hook has refused every request without one
     * (DESIGN §14): typed as always there. Read on a request without one (a public route), it is a 401.
     */
    principal: Principal;
    /** A write that carried only the BEARER cookie, from another site: refused with 403 where sign-in is needed. */
    crossSiteCookie?: boolean;
  }
}

export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(p: Principal): Promise<string> {
    return new SignJWT({ userid: p.userId, username: p.username, roles: p.roles, ...(p.sessionId ? { sid: p.sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<Principal | null> {
    try {
      const { payload } = await jwtVerify<JwtClaims>(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.userid !== 'number') return null;
      const roles = Array.isArray(payload.roles) ? payload.roles.map(String) : [];
      return { userId: payload.userid, username: String(payload.username ?? ''), roles, ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}) };
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return null;
      throw e;
    }
  }
}

/** The bearer token from the Authorization header, or the BEARER cookie (for links opened by the browser). */
export function bearerOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim() || null;
  return req.cookies?.[COOKIE_BEARER] ?? null;
}

/** `req.signedIn` and the `req.principal` that the authenticated scope's routes read. */
export function decoratePrincipal(app: FastifyInstance) {
  app.decorateRequest('signedIn', null);
  app.decorateRequest('principal', {
    getter(this: FastifyRequest) {
      if (!this.signedIn) throw unauthorized();
      return this.signedIn;
    },
  });
}

/** Reads a browser makes by itself with the cookie (an <img>, a <video>, an EventSource), from any page. */
const COOKIE_READS = [/^\/media\//, new RegExp(`^${API_AUTH_PREFIX}/notifications/stream(\\?|$)`)];
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the browser says this request comes from a page of our own origin. */
function sameOrigin(req: FastifyRequest, publicOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site) return site === 'same-origin';
  const origin = req.headers.origin;
  return Boolean(origin) && (origin === publicOrigin || origin === `${req.protocol}://${req.host}`);
}

/**
 * The signed-in user of every request. The BEARER cookie, which a browser attaches to requests any site can make,
 * counts only for media and the notification stream, or when the request comes from our own pages (CSRF, ASVS V3.5):
 * a cross-site write carrying it is refused with 403 (requireSignedIn), a cross-site read is treated as signed out.
 */
export function authenticate(signer: TokenSigner, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const header = req.headers.authorization;
    const token = bearerOf(req);
    if (!token || header?.startsWith('Bearer ')) {
      req.signedIn = token ? await signer.verify(token) : null;
      return;
    }
    const safe = SAFE.has(req.method);
    if ((safe && COOKIE_READS.some((r) => r.test(req.url))) || sameOrigin(req, publicOrigin)) {
      req.signedIn = await signer.verify(token);
      return;
    }
    req.crossSiteCookie = !safe;
    req.signedIn = null;
  };
}

/** The auth scope's gate: 401 without a valid token, 403 for a cross-site write that had only the cookie. */
export function requireSignedIn(req: FastifyRequest) {
  if (req.signedIn) return;
  if (req.crossSiteCookie) throw forbidden('Cross-site request refused: the sign-in cookie counts only on requests from this site.');
  throw unauthorized(req.headers.authorization ? 'Invalid JWT Token' : 'JWT Token not found');
}
