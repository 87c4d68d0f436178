// Free of zod, like the other *-rules files: the class form reads it.

/**
 * Regions whose school year starts early in the calendar year (the southern hemisphere's): a new class there starts
 * on 1 February; everywhere else on 1 September (issue 36 §10). Read from the region of the browser's language
 * (`es-AR`, `en-AU`); a language without one (`es`, `en`) takes September.
 */
export const FEBRUARY_SCHOOL_YEAR_REGIONS = ['AR', 'AU', 'BO', 'BR', 'CL', 'NZ', 'PE', 'PY', 'UY', 'ZA'] as const;

/** The region of a BCP 47 tag (`es-AR` → `AR`), or null. */
export function regionOf(tag: string): string | null {
  try {
    return new Intl.Locale(tag).maximize().region ?? null;
  } catch {
    return null;
  }
}

/**
 * The school year a class made on `today` most likely belongs to, as [start, end] in local calendar days:
 * from 1 September (1 February in a February region) to the day before the same date a year on. Made in August the
 * year is the one about to start; earlier, the one under way. Months are 0-based, as Date's.
 */
export function schoolYearOf(today: Date, region: string | null): { start: Date; end: Date } {
  const february = region !== null && (FEBRUARY_SCHOOL_YEAR_REGIONS as readonly string[]).includes(region);
  const month = february ? 1 : 8;
  // The year about to start counts from a month before it (teachers set classes up in the holidays).
  const year = today.getMonth() >= month - 1 ? today.getFullYear() : today.getFullYear() - 1;
  return { start: new Date(year, month, 1), end: new Date(year + 1, month, 0) };
}
