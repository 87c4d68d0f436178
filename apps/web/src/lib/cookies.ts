import { COOKIE_FALLBACK_EXPIRES } from '@skillroom/contract/constants';

let jar: string | null = null;

/**
 * document.cookie, read once for the task at hand: Chromium asks its network process on every read (12 ms over a first
 * load's reads here, as every render and request reads the tokens). The copy is dropped by a zero-delay timer and
 * whenever this page writes a cookie; the server only ever clears the tokens, on the sign-out page load (/logout).
 */
function cookies(): string {
  if (jar === null) {
    jar = document.cookie;
    setTimeout(() => (jar = null), 0);
  }
  return jar;
}

/** Drops the copy: the next read asks the browser (before a single-use token is spent: another tab may have changed it). */
export function forgetCookies() {
  jar = null;
}

/** Reads one cookie of the page; null when it is absent. */
export function readCookie(name: string): string | null {
  for (const part of cookies().split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** Writes a cookie on path /, kept until 2038 as the spec's fallback storage. */
export function writeCookie(name: string, value: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  jar = null;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Expires=${COOKIE_FALLBACK_EXPIRES.toUTCString()}; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string) {
  jar = null;
  document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
