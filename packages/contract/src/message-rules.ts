// Free of zod, like the other *-rules files: the server's messages and the web's conversation screen read it.
import { HH_MM, DEFAULT_TIME_ZONE, isTimeZone } from './quiet-hours-rules';
import { V } from './violations';

/** DESIGN §11 messages (issue 37): a message's text, once cleaned, is 1 to 2000 characters, as a comment's. */
export const MESSAGE_TEXT_MAX = 2000;

export const MESSAGE_MESSAGES = {
  oneTarget: 'Name either a conversation or a teaching class student.',
  officeDays: 'Office days are 1 (Monday) to 7 (Sunday), each once.',
  officeTime: V.time,
  officeOrder: 'Office hours should end after they start.',
  ownMessage: 'Your own messages are always read.',
  writers: 'Only the teachers of this class and the family linked to this student may write in its conversation.',
  announcers: 'Only the teachers of this class may announce to its families.',
  noFamilies: 'No family is linked to a student of this class yet.',
} as const;

/** A class's office hours (DESIGN §11): ISO weekdays (1 Monday … 7 Sunday) and "HH:mm" times in the creator's zone. */
export interface OfficeHours {
  days: number[];
  start: string;
  end: string;
}

/** C0/C1 controls but line feed and tab: nothing a person types into a message. */
const CONTROLS = /(?![\n\t])\p{Cc}/gu;

/**
 * A message as kept: NFC, line breaks as "\n" (at most two blank lines in a row), controls dropped, spaces at the
 * ends of lines and of the whole text trimmed. Unlike a name it keeps its lines.
 */
export function cleanMessageText(v: string): string {
  return v
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim();
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether office hours are well formed: days 1–7 each once, start before end, both HH:mm. */
export function validOfficeHours(o: OfficeHours): boolean {
  return (
    o.days.length > 0 &&
    new Set(o.days).size === o.days.length &&
    o.days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7) &&
    HH_MM.test(o.start) &&
    HH_MM.test(o.end) &&
    minutesOf(o.start) < minutesOf(o.end)
  );
}

interface LocalTime {
  y: number;
  m: number;
  d: number;
  minutes: number;
}

function localTime(at: Date, zone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return { y: part('year'), m: part('month'), d: part('day'), minutes: part('hour') * 60 + part('minute') };
}

/** The instant of a local wall-clock time in the zone: the zone's offset read twice, so a change of clocks lands right. */
function instantOf(y: number, m: number, d: number, minutes: number, zone: string): Date {
  const wall = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const l = localTime(new Date(guess), zone);
    const seen = Date.UTC(l.y, l.m - 1, l.d, Math.floor(l.minutes / 60), l.minutes % 60);
    guess += wall - seen;
  }
  return new Date(guess);
}

/**
 * When the class's teachers are next at work, if `now` is outside their office hours; null inside them (or with
 * none set). DESIGN §11: "a message sent outside them tells the sender when to expect an answer".
 */
export function nextOfficeHoursStart(now: Date, hours: OfficeHours | null | undefined, zone: string): Date | null {
  if (!hours || !validOfficeHours(hours)) return null;
  const tz = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const here = localTime(now, tz);
  const start = minutesOf(hours.start);
  const weekday = (y: number, m: number, d: number) => ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
  const today = weekday(here.y, here.m, here.d);
  if (hours.days.includes(today) && here.minutes >= start && here.minutes < minutesOf(hours.end)) return null;
  for (let k = 0; k <= 7; k++) {
    const day = new Date(Date.UTC(here.y, here.m - 1, here.d + k));
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (!hours.days.includes(weekday(y, m, d))) continue;
    if (k === 0 && here.minutes >= start) continue;
    return instantOf(y, m, d, start, tz);
  }
  return null;
}
