/**
 * The family-letter PDF's media type and where its QR code leads (`<public URL>/web/link?code=<invitation code>`).
 * A module of its own, importing nothing: the web app's link and sign-up screens read it without the schemas.
 */
export const FAMILY_LETTER = { contentType: 'application/pdf', linkPath: '/web/link', codeParam: 'code' } as const;
