import { z } from 'zod';
import { writeBody } from './common';
import { signUpBody } from './user';

/** The policy text's own date (apps/web/public/legal/privacy*.html): the server's default PRIVACY_POLICY_DATE. */
export const PRIVACY_POLICY_DEFAULT_DATE = '2026-11-24';

export const PRIVACY_MESSAGES = {
  agree: 'You must agree to the privacy policy to create an account.',
} as const;

/** `POST /privacy-policy/accept`: no body (the product's client sends none); what a client reads back is ignored. */
export const privacyPolicyAcceptBody = writeBody({});

/**
 * The sign-up screen's form: the API records agreement when `privacyPolicyAgreed` is true (an API client that does
 * not send it is asked by the web app's gate later); the screen itself cannot be sent without the box ticked.
 */
export const signUpFormBody = signUpBody.extend({ privacyPolicyAgreed: z.literal(true, { error: PRIVACY_MESSAGES.agree }) });

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
