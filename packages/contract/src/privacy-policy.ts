// Apart from schemas/privacy.ts, free of zod: the web app's shell needs these on every screen, and importing that file would
// build its schemas there.

/** The policy text's own date (apps/web/public/legal/privacy*.html): the server's default PRIVACY_POLICY_DATE. */
export const PRIVACY_POLICY_DEFAULT_DATE = '2026-11-24';

/**
 * Whether a user must (re)read and accept the policy before using the app (DESIGN §6 "Consent"): never agreed, or
 * agreed before the current policy's date (a date names a whole UTC day, so agreeing on that day counts).
 */
export function needsPrivacyAgreement(lastAgreed: string | null | undefined, policyDate: string): boolean {
  if (!lastAgreed) return true;
  const agreed = Date.parse(lastAgreed);
  const since = Date.parse(`${policyDate}T00:00:00Z`);
  if (Number.isNaN(since)) return false;
  return Number.isNaN(agreed) || agreed < since;
}

/** Why the sign-up form is refused without the policy's box ticked (`signUpFormBody`). */
export const PRIVACY_MESSAGES = {
  agree: 'You must agree to the privacy policy to create an account.',
} as const;
