const pad = (n: number) => String(n).padStart(2, '0');

/** A date-only string (YYYY-MM-DD) is a calendar day, not midnight UTC: read it in local time. */
function toDate(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** dd/MM/yyyy (spec §9); an empty string for a missing or unreadable value. */
export function formatDate(value: string | Date | null | undefined): string {
  const d = value ? toDate(value) : null;
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : '';
}

/** hh:mm (spec §9), on a 24-hour clock so that no morning reads as an evening without am/pm. */
export function formatTime(value: string | Date | null | undefined): string {
  const d = value ? toDate(value) : null;
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const date = formatDate(value);
  return date ? `${date} ${formatTime(value)}` : '';
}

/** The YYYY-MM-DD of a day in local time, for date inputs and API dates. */
export function isoDay(d: Date = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * A day typed as dd/MM/yyyy (spec §9; `.` or `-` also separate, one-digit day and month allowed) as YYYY-MM-DD;
 * null for anything else, an impossible day (31/02) included.
 */
export function parseDay(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(year, month - 1, day);
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day ? isoDay(d) : null;
}

/** The Date of a YYYY-MM-DD day (local midnight); null when it is not one. */
export function dayDate(iso: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? toDate(iso) : null;
}

/**
 * A time of day typed for a HH:mm field (DESIGN §11 quiet and office hours) as HH:mm on the 24-hour clock: one-digit
 * hours, `.`, `,` or `h` between (a phone's number keys), the digits alone (730, 0730), full-width digits (a Chinese
 * keyboard's) and seconds (dropped) are read too, and a 12-hour time (7:30 pm, 7:30 p. m., 下午7:30) as what it means.
 * Null for anything else (25:00, 7:60, 13 pm, 7:3).
 */
export function parseTime(text: string): string | null {
  const t = text.normalize('NFKC').trim().toLowerCase();
  const m = /^(上午|下午)?\s*(\d{1,2})(?:\s*[:.,h]\s*(\d{2})|(\d{2}))?(?::\d{2})?\s*(?:([ap])\.?\s*m\.?)?$/u.exec(t);
  if (!m) return null;
  const [, zh, h, afterSeparator, digitsOnly, latin] = m;
  const meridiem = latin ?? (zh ? (zh === '上午' ? 'a' : 'p') : undefined);
  let hours = Number(h);
  const minutes = Number(afterSeparator ?? digitsOnly ?? 0);
  if (minutes > 59) return null;
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (meridiem === 'p' ? 12 : 0);
  } else if (hours > 23) return null;
  return `${pad(hours)}:${pad(minutes)}`;
}
