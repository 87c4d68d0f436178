import { DEFAULT_TIME_ZONE, DIGEST_SEND_TIME, isTimeZone, type DigestFrequency } from '@skillroom/contract';

const DAY_MS = 86_400_000;
/** A digest not sent within a day of being due (the server was down, say) waits for the next period, which covers it. */
export const DIGEST_GRACE_MS = DAY_MS;

export interface DigestPeriod {
  /** `weekly:2026-10-09`: the frequency and the local date it was due, the digest table's unique key with the user. */
  key: string;
  /** When it was due: 16:00 local on that date. */
  due: Date;
  /** Where a first digest starts (the period's length before `due`); later ones start where the last one ended. */
  start: Date;
}

/**
 * The user's latest period due at or before `now`, in their zone: today's 16:00 (daily) or the last Friday's. The
 * instant is found by counting local minutes back from `now`, so a change of clocks inside the period moves it by the
 * hour it shifts, never more.
 */
export function latestPeriod(now: Date, frequency: Exclude<DigestFrequency, 'off'>, timeZone: string): DigestPeriod {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const minutes = Number(part('hour')) * 60 + Number(part('minute'));
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1;
  const at = DIGEST_SEND_TIME.hour * 60 + DIGEST_SEND_TIME.minute;
  let daysBack = frequency === 'daily' ? 0 : (weekday - DIGEST_SEND_TIME.weekday + 7) % 7;
  if (daysBack === 0 && minutes < at) daysBack = frequency === 'daily' ? 1 : 7;
  const due = new Date(now.getTime() - (daysBack * 1440 + minutes - at) * 60_000);
  due.setUTCSeconds(0, 0);
  const localToday = Date.UTC(Number(part('year')), Number(part('month')) - 1, Number(part('day')));
  const dueDate = new Date(localToday - daysBack * DAY_MS).toISOString().slice(0, 10);
  const length = frequency === 'daily' ? DAY_MS : 7 * DAY_MS;
  return { key: `${frequency}:${dueDate}`, due, start: new Date(due.getTime() - length) };
}
