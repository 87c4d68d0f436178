// Apart from the schemas beside them, free of zod: screens that show these (the rating feed, the skill form, the report's range)
// would otherwise load and build the schemas too.

/** With no range: the class's start to today, or the last 30 days when there is no class start (DESIGN §3). */
export const REPORT_DEFAULT_DAYS = 30;
/** Most recent attachments a report lists. */
export const REPORT_RECENT_MEDIA = 12;
/** Longest range a report covers, in days (ten school years); longer ranges answer 400. */
export const REPORT_MAX_DAYS = 3660;
/** What a report's range may be refused for (DESIGN §9); a malformed or impossible day is `V.date` on its field. */
export const REPORT_MESSAGES = {
  endBeforeStart: 'The end date must not be before the start date.',
  tooLong: `The range should be at most ${REPORT_MAX_DAYS} days (ten years).`,
} as const;
export type ReportRangeProblem = keyof typeof REPORT_MESSAGES;

const DAY_MS = 86_400_000;
/** Days from one YYYY-MM-DD to another, both read as midnight UTC so that no clock change adds or loses an hour. */
export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);

/**
 * What is wrong with a range of two valid days, or null: the one rule the server and the web's range picker share.
 * Both problems are the end's (it is the end that runs before the start or too far after it).
 */
export function reportRangeProblem(start: string, end: string): ReportRangeProblem | null {
  if (end < start) return 'endBeforeStart';
  if (daysBetween(start, end) > REPORT_MAX_DAYS) return 'tooLong';
  return null;
}
