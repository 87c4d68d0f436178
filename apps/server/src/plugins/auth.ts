import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { COOKIE_BEARER, type JwtClaims } from '@skillroom/contract';
import { unauthorized } from '../http/errors';

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
    principal: Principal | null;
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

/** The signed-in user of a request, or a 401. */
export function requireUser(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

export function authenticate(signer: TokenSigner) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerOf(req);
    req.principal = token ? await signer.verify(token) : null;
  };
}
