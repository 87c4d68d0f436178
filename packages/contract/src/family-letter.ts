/**
 * The family-letter PDF's media type and where its QR code leads
 * (`<public URL>/web/link?code=<invitation code>&lang=<the letter's language>`: the page opens in the letter's language).
 * A module of its own, importing nothing: the web app's link and sign-up screens read it without the schemas.
 */
export const FAMILY_LETTER = { contentType: 'application/pdf', linkPath: '/web/link', codeParam: 'code', langParam: 'lang' } as const;

/**
 * Of the app's locales, the one a reader's languages (`navigator.languages`, `Accept-Language`'s order) ask for first:
 * the exact tag, else its language (`es-AR` → `es`; any Chinese → `zh-HK`, the one Chinese the app has); null when
 * none matches (issue 36 §6).
 */
export function preferredLocale<L extends string>(locales: readonly L[], wanted: readonly string[]): L | null {
  for (const tag of wanted) {
    const exact = locales.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.toLowerCase().split(/[-_]/)[0];
    const same = locales.find((l) => l.toLowerCase().split('-')[0] === language);
    if (same) return same;
  }
  return null;
}
