// Free of zod, like the other *-rules files: the server's push and digests and the web's profile read it.

/** DESIGN §11: families are not woken; their push and e-mail wait from 20:00 to 07:00 unless they choose otherwise. */
export const FAMILY_QUIET_HOURS = { start: '20:00', end: '07:00' } as const;
/** Accounts that are families (DESIGN §11 "default for families"). */
export const FAMILY_ACCOUNT_TYPES = ['parent_user', 'other_user'] as const;
export const DEFAULT_TIME_ZONE = 'UTC';

export interface QuietHours {
  quietHoursStart: string | null;
  quietHoursEnd: string | null;
  timeZone: string;
}

/** "HH:mm", 00:00 to 23:59. */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** An IANA zone this runtime knows (`Europe/Madrid`, `Asia/Hong_Kong`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Minutes since local midnight at `now` in the zone (an unknown zone reads as UTC). */
function localMinutes(now: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return part('hour') * 60 + part('minute');
}

/**
 * When the user's quiet hours end, if `now` is inside them; null otherwise (none set, or start = end). Hours that
 * cross midnight (20:00–07:00) are the usual case. The end is found by adding the local minutes left, so a change of
 * clocks overnight may move it by the hour it shifts, never more.
 */
export function quietUntil(now: Date, q: QuietHours): Date | null {
  if (!q.quietHoursStart || !q.quietHoursEnd || !HH_MM.test(q.quietHoursStart) || !HH_MM.test(q.quietHoursEnd)) return null;
  const start = minutesOf(q.quietHoursStart);
  const end = minutesOf(q.quietHoursEnd);
  if (start === end) return null;
  const at = localMinutes(now, q.timeZone);
  const inside = start < end ? at >= start && at < end : at >= start || at < end;
  if (!inside) return null;
  const left = (end - at + 24 * 60) % (24 * 60);
  const until = new Date(now.getTime() + left * 60_000);
  until.setUTCSeconds(0, 0);
  return until;
}
