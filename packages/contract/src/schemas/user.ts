import { z } from 'zod';
import { ACCOUNT_TYPES, LOCALES, PASSWORD_MIN_LENGTH, USER_TYPE_MARKER } from '../constants';
import { V, optionalText, refSchema, nullableRef, writeBody } from './common';
import { mediaSchema } from './media';
import { jsonLdType } from './responses';
import { schoolSchema } from './school';
import { optionalPersonName, personName } from './names';
import { filter, listQuery } from './filters';
import { HH_MM, isTimeZone } from '../quiet-hours-rules';

const email = z
  .string({ error: V.blank })
  .trim()
  .min(1, { error: V.blank })
  .max(180, { error: V.tooLong(180) })
  .pipe(z.email({ error: V.email }));
const password = z
  .string({ error: V.blank })
  .min(PASSWORD_MIN_LENGTH, { error: V.tooShort(PASSWORD_MIN_LENGTH) })
  .max(4096, { error: V.tooLong(4096) });
const username = z
  .string({ error: V.blank })
  .trim()
  .min(1, { error: V.blank })
  .max(180, { error: V.tooLong(180) })
  .regex(/^[A-Za-z0-9._@+-]+$/, { error: 'Use letters, digits and . _ @ + - only.' });
export const localeSchema = z.enum(LOCALES, { error: V.choice });
/** DESIGN §11 quiet hours: a time of day, or null for none. */
const timeOfDay = z.string({ error: V.type }).regex(HH_MM, { error: V.time }).nullable();
const timeZone = z.string({ error: V.type }).refine(isTimeZone, { error: 'This value should be a time zone such as Europe/Madrid.' });
export const accountTypeSchema = z.enum(ACCOUNT_TYPES, { error: V.choice });

export const signUpBody = z
  .object({
    username,
    email,
    plainPassword: password,
    firstName: personName(100),
    lastName: personName(100),
    accountTypeRadio: accountTypeSchema,
    preferredLanguage: localeSchema.default('en'),
    school: nullableRef,
    /** A school that is not listed yet: created with the account. */
    schoolName: optionalPersonName(200),
    phone: optionalText(40),
    occupation: optionalText(120),
    /** True records agreement to the privacy policy now (DESIGN §6 "Consent"); without it the web app asks before use. */
    privacyPolicyAgreed: z.boolean({ error: V.type }).optional(),
    /**
     * The browser's zone (DESIGN §11): families' quiet hours count in it. Not typed by anyone, so a zone this server's
     * runtime does not know never stops a sign-up: it reads as UTC (the profile can set it later).
     */
    timeZone: z
      .string({ error: V.type })
      .optional()
      .transform((zone) => (zone && isTimeZone(zone) ? zone : undefined)),
  })
  .strict();
export type SignUpBody = z.input<typeof signUpBody>;

export const loginBody = z.object({ username: z.string().min(1).max(180), password: z.string().min(1).max(4096) });
export type LoginBody = z.infer<typeof loginBody>;
export const refreshBody = z.object({ refresh_token: z.string().min(1).max(512) }).strict();
/** What sign-in and a token refresh answer. */
export const tokenPairSchema = z.strictObject({ token: z.string(), refresh_token: z.string() });
export type TokenPair = z.output<typeof tokenPairSchema>;

/** What a user shows but is not changed through PATCH (the login names, the account's kind and rights). */
const userReadOnly = ['username', 'email', 'accountType', 'roles', 'hasSubscription', 'privacyPolicyLastAgreed'];

export const userPatchBody = writeBody(
  {
    preferredLanguage: localeSchema,
    firstName: personName(100),
    lastName: personName(100),
    phone: optionalText(40),
    avatar: refSchema.nullable(),
    occupation: optionalText(120),
    accountTypeRadio: accountTypeSchema,
    school: refSchema.nullable(),
    plainPassword: password,
    /** Required with plainPassword: a stolen session alone must not be enough to take the account over. */
    currentPassword: z.string({ error: V.type }).max(4096, { error: V.tooLong(4096) }),
    quietHoursStart: timeOfDay,
    quietHoursEnd: timeOfDay,
    timeZone,
  },
  userReadOnly,
)
  .partial()
  .superRefine((b, ctx) => {
    if (b.plainPassword && !b.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: V.blank });
  });
export type UserPatchBody = z.input<typeof userPatchBody>;

export const forgotPasswordParams = z.object({ email });

/** `GET /api/public/v1/user/validate/email/{email}` and `…/username/{username}`: the sign-up checks of one value. */
export const validateEmailParams = z.object({ email });
export const validateUsernameParams = z.object({ username });
/** Whether a sign-up may use the value; when not, the message sign-up would answer with. */
export const valueAvailabilitySchema = z.strictObject({ available: z.boolean(), message: z.string().optional() });
export type ValueAvailability = z.output<typeof valueAvailabilitySchema>;

/** `GET /users`: yourself and the people who share a class with you (DESIGN §3), as other users see them. */
export const userListQuery = listQuery({ id: filter.ids('these users only') });
export const resetPasswordBody = z.object({ token: z.string().min(16).max(256), plainPassword: password }).strict();

/** A user's JSON-LD type tells the account type (spec §3). */
const userType = jsonLdType(Object.values(USER_TYPE_MARKER));

/** What other users may see of someone. */
export const publicUserSchema = z.strictObject({
  '@context': z.string().optional(),
  '@id': z.string(),
  '@type': userType,
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: mediaSchema.nullable(),
});
export type PublicUser = z.output<typeof publicUserSchema>;

/** The whole profile, as its owner reads it (`/users/me`, sign-up, a profile change). */
export const userSchema = publicUserSchema.extend({
  created: z.string(),
  updated: z.string(),
  preferredLanguage: z.string(),
  school: schoolSchema.nullable(),
  occupation: z.string().nullable(),
  phone: z.string().nullable(),
  privacyPolicyLastAgreed: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  accountType: z.enum(ACCOUNT_TYPES),
  roles: z.array(z.string()),
  hasSubscription: z.boolean(),
  /** DESIGN §11: push and e-mail wait from start to end in `timeZone`; null: never quiet. */
  quietHoursStart: z.string().nullable(),
  quietHoursEnd: z.string().nullable(),
  timeZone: z.string(),
});
export type User = z.output<typeof userSchema>;

export interface JwtClaims {
  userid: number;
  username: string;
  roles: string[];
  /** The login session (refresh-token family) the token belongs to. */
  sid?: string;
  iat: number;
  exp: number;
}
