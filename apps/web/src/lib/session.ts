import { API_PUBLIC_PREFIX, COOKIE_BEARER, COOKIE_REFRESH } from '@skillroom/contract/constants';
import { isTokenExpired } from '@skillroom/contract/rules';
import type { JwtClaims, TokenPair } from '@skillroom/contract/types';
import { API_ORIGIN } from './config';
import { deleteCookie, readCookie, writeCookie } from './cookies';

/** The claims of a JWT, or null when it cannot be decoded. */
export function decodeClaims(token: string | null | undefined): JwtClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<JwtClaims>;
    return typeof claims.userid === 'number' && typeof claims.exp === 'number' ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}

export function storeTokens(pair: TokenPair) {
  writeCookie(COOKIE_BEARER, pair.token);
  writeCookie(COOKIE_REFRESH, pair.refresh_token);
}

export function clearTokens() {
  deleteCookie(COOKIE_BEARER);
  deleteCookie(COOKIE_REFRESH);
}

let refreshing: Promise<string | null> | null = null;

async function refresh(refreshToken: string): Promise<string | null> {
  try {
    const res = await fetch(`${API_ORIGIN}${API_PUBLIC_PREFIX}/token_refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/ld+json', accept: 'application/ld+json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    if (!res.ok) return null;
    const pair = (await res.json()) as TokenPair;
    storeTokens(pair);
    return pair.token;
  } catch (e) {
    // Spec §8: refresh errors are ignored silently in production.
    if (import.meta.env.DEV) console.warn('token refresh failed', e);
    return null;
  }
}

/**
 * The bearer token to send (spec §4): when it is missing, expired or undecodable, the refresh token
 * buys a new pair first; with no refresh token nothing happens. Concurrent callers share one refresh,
 * because a refresh token is single-use and a second use would revoke the whole login.
 */
export async function validToken(): Promise<string | null> {
  const usable = () => {
    const token = readCookie(COOKIE_BEARER);
    const claims = decodeClaims(token);
    return token && claims && !isTokenExpired(claims.exp) ? token : null;
  };
  const token = usable();
  if (token) return token;
  const refreshToken = readCookie(COOKIE_REFRESH);
  if (!refreshToken) return null;
  refreshing ??= refresh(refreshToken).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The signed-in user's id from the userid claim; null when not signed in. */
export function currentUserId(): number | null {
  return decodeClaims(readCookie(COOKIE_BEARER))?.userid ?? null;
}

export function hasSession(): boolean {
  return Boolean(readCookie(COOKIE_BEARER) || readCookie(COOKIE_REFRESH));
}

export function currentClaims(): JwtClaims | null {
  return decodeClaims(readCookie(COOKIE_BEARER));
}
