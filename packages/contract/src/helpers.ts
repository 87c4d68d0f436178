import { MediaType, type MediaThumbVariant } from './constants';

/** A related resource arrives as an object or as a reference path whose last segment is the id (spec §3). */
export type Ref = string | number | { '@id'?: string; id?: number | string } | null | undefined;

/** The largest id a table holds (a PostgreSQL integer): a larger one names nothing and must not reach the database. */
export const MAX_ID = 2_147_483_647;

export function refToId(ref: Ref): number | null {
  if (ref === null || ref === undefined) return null;
  if (typeof ref === 'number') return Number.isSafeInteger(ref) && ref > 0 && ref <= MAX_ID ? ref : null;
  if (typeof ref === 'string') {
    const last = ref.split('/').filter(Boolean).pop() ?? '';
    if (!/^\d+$/.test(last)) return null;
    return refToId(Number(last));
  }
  if (typeof ref === 'object') {
    if (ref.id !== undefined && ref.id !== null) return refToId(ref.id);
    if (ref['@id']) return refToId(ref['@id']);
  }
  return null;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the reader's language writes it (en, zh-HK: 1,234; es: 1234 and 10.000), by one Intl.NumberFormat per
 * locale, made on first use and kept: a formatter is costly to make (the page's first loads ICU's number data).
 */
export function formatInteger(n: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(n);
}

/** Translation keys: dots become underscores, %name% placeholders become {name} (spec §3). */
export function translationKey(key: string): string {
  return key.replace(/\./g, '_');
}
export function translationText(text: string): string {
  return text.replace(/%([A-Za-z0-9_]+)%/g, '{$1}');
}
export function toIntlMessages(map: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map)) out[translationKey(k)] = translationText(v);
  return out;
}

export type MediaShape = 'square' | 'horizontal' | 'vertical' | 'unknown';
export function mediaShape(fileDimensions: string | null | undefined): MediaShape {
  const m = /^(\d+)x(\d+)$/.exec(fileDimensions ?? '');
  if (!m) return 'unknown';
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (!w || !h) return 'unknown';
  return w === h ? 'square' : w > h ? 'horizontal' : 'vertical';
}

/** Width and height of a picture of `fileDimensions` fitted inside a `side` square, never enlarged; null when not known. */
export function fittedSize(fileDimensions: string | null | undefined, side: number): { width: number; height: number } | null {
  const m = /^(\d+)x(\d+)$/.exec(fileDimensions ?? '');
  const w = Number(m?.[1]);
  const h = Number(m?.[2]);
  if (!w || !h) return null;
  const scale = Math.min(1, side / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/** The link of a thumbnail variant: its signature covers the path only, so the variant is one more query parameter. */
export function thumbVariantUrl(thumbUrl: string, variant: MediaThumbVariant): string {
  return variant === '1x' ? thumbUrl : `${thumbUrl}${thumbUrl.includes('?') ? '&' : '?'}size=${variant}`;
}

/** AccountType from the response's type marker (spec §3). */
export function accountTypeFromMarker(marker: string | undefined | null) {
  switch (marker) {
    case 'StudentUser':
      return 'student_user' as const;
    case 'ParentUser':
      return 'parent_user' as const;
    case 'OtherUser':
      return 'other_user' as const;
    default:
      return 'teacher' as const;
  }
}

/** The highest platform role among the token's roles (spec §6). */
export function highestRole(roles: readonly string[] | undefined) {
  const order = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN_CONTENT_CREATOR', 'ROLE_ADMIN_TRAINER', 'ROLE_ADMIN_CONTENT_MANAGER'] as const;
  return order.find((r) => roles?.includes(r)) ?? 'ROLE_USER';
}

/** A token is expired when exp (seconds × 1000) is in the past (spec §5). */
export function isTokenExpired(exp: number | undefined, now = Date.now()): boolean {
  return typeof exp !== 'number' || exp * 1000 < now;
}

/** Badge text: the count, or 9+ above 9 (spec §2). */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

export function isRatingMediaType(t: number): boolean {
  return t === MediaType.RatingPhoto || t === MediaType.RatingVideo || t === MediaType.RatingAudio || t === MediaType.RatingFile;
}

/** A person's full name (spec §3): first name plus last name, when there is one. */
export function fullName(p: { firstName: string; lastName?: string | null }): string {
  return [p.firstName, p.lastName].filter(Boolean).join(' ');
}
