import { z } from 'zod';
import { listQuery } from './filters';
import { DIGEST_FREQUENCIES } from '../email-digest-rules';
import { V, refSchema, writeBody } from './common';
import { jsonLdObject, stampFields } from './responses';

export const digestSchema = z.enum(DIGEST_FREQUENCIES, { error: V.choice });
const bool = z.boolean({ error: V.type });

/** `POST /email-subscription`: the product's `user` and `hasNewsletterSubscription`, and our `digest` (DESIGN §11). */
export const emailSubscriptionCreateBody = writeBody({
  user: refSchema,
  hasNewsletterSubscription: bool.optional(),
  digest: digestSchema.optional(),
});
export type EmailSubscriptionCreateBody = z.input<typeof emailSubscriptionCreateBody>;

/** `PATCH /email-subscription/{id}`: the user it belongs to never changes. */
export const emailSubscriptionPatchBody = writeBody({ hasNewsletterSubscription: bool, digest: digestSchema }, ['user']).partial();
export type EmailSubscriptionPatchBody = z.input<typeof emailSubscriptionPatchBody>;

export const emailSubscriptionSchema = jsonLdObject('EmailSubscription', {
  ...stampFields,
  user: z.string(),
  hasNewsletterSubscription: z.boolean(),
  digest: digestSchema,
});
export type EmailSubscription = z.output<typeof emailSubscriptionSchema>;

/**
 * `?token=` of the one-click unsubscribe link (RFC 8058): the user's id and its signature, made by the server. Any
 * text is taken here, missing too: a link cut by a mail client or altered is answered by the server's page saying the
 * link is not valid (400, HTML for the person who clicked it), never by a JSON error.
 */
export const digestUnsubscribeQuery = z.object({
  token: z
    .string({ error: V.type })
    .max(300, { error: V.tooLong(300) })
    .default(''),
});

/** RFC 8058's form (`List-Unsubscribe=One-Click`); the mail client may send it or nothing. */
export const digestUnsubscribeBody = z
  .object({ 'List-Unsubscribe': z.string({ error: V.type }).max(64, { error: V.tooLong(64) }) })
  .partial()
  .optional();

/** `GET /email-subscriptions`: the user's own (none or one); pages only, every other parameter refused. */
export const emailSubscriptionListQuery = listQuery({});
