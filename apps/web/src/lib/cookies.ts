import { COOKIE_FALLBACK_EXPIRES } from '@skillroom/contract/constants';

/** Reads one cookie of the page; null when it is absent. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return null;
}

/** Writes a cookie on path /, kept until 2038 as the spec's fallback storage. */
export function writeCookie(name: string, value: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Expires=${COOKIE_FALLBACK_EXPIRES.toUTCString()}; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string) {
  document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
