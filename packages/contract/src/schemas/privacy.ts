import { z } from 'zod';
import { writeBody } from './common';
import { signUpBody } from './user';

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
