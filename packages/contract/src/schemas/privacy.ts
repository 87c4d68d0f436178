import { z } from 'zod';
import { writeBody } from './common';
import { signUpBody } from './user';
import { PRIVACY_MESSAGES } from '../privacy-policy';

/** `POST /privacy-policy/accept`: no body (the product's client sends none); what a client reads back is ignored. */
export const privacyPolicyAcceptBody = writeBody({});

/**
 * The sign-up screen's form: the API records agreement when `privacyPolicyAgreed` is true (an API client that does
 * not send it is asked by the web app's gate later); the screen itself cannot be sent without the box ticked.
 */
export const signUpFormBody = signUpBody.extend({ privacyPolicyAgreed: z.literal(true, { error: PRIVACY_MESSAGES.agree }) });
