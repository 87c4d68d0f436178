import { z } from 'zod';
import { ANALYTICS_MAX_PROPERTIES, SCREEN_NAMES } from '../constants';
import { V, anyNumber, digitsInteger } from './common';

export const analyticsEventBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    screen: z.enum(SCREEN_NAMES).optional(),
    properties: z
      .record(z.string().max(100), z.union([z.string().max(500), anyNumber, z.boolean(), z.null()]))
      .refine((o) => Object.keys(o).length <= ANALYTICS_MAX_PROPERTIES, { error: V.tooMany(ANALYTICS_MAX_PROPERTIES) })
      .optional(),
  })
  .strict();
export type AnalyticsEventBody = z.infer<typeof analyticsEventBody>;

/** `GET /api/public/v1/version/{buildNumber}`: a mobile app's build number. */
export const versionParams = z.object({ buildNumber: digitsInteger(0, 2_147_483_647) });
/** The server's version and the oldest app build it still serves; `supported` says whether the asking build is one. */
export const versionInfoSchema = z.strictObject({ version: z.string(), minimum: z.number().int(), supported: z.boolean() });
export type VersionInfo = z.output<typeof versionInfoSchema>;

export const publicConfigSchema = z.strictObject({
  version: z.string(),
  locales: z.array(z.string()),
  defaultLocale: z.string(),
  demo: z.boolean(),
  vapidPublicKey: z.string().nullable(),
  /** Days a class's records are kept after it finished (DESIGN §6); 0 keeps them forever. */
  retentionDays: z.number().int(),
  /** The current privacy policy's date (YYYY-MM-DD, DESIGN §6 "Consent"). */
  privacyPolicyDate: z.string(),
  demoAccounts: z.array(z.strictObject({ username: z.string(), password: z.string(), role: z.string() })).optional(),
});
export type PublicConfig = z.output<typeof publicConfigSchema>;

export const translationsAnswerSchema = z.strictObject({ locale: z.string(), translations: z.record(z.string(), z.string()) });
export type TranslationsResponse = z.output<typeof translationsAnswerSchema>;

/**
 * The same texts as our web client takes them (not the specification's answer, which stays plain strings): react-intl
 * ids (dots as underscores) with each ICU text parsed on the server into formatjs's message AST, so the browser needs no
 * ICU parser. Each message is an array of AST elements (`MessageFormatElement[]` of @formatjs/icu-messageformat-parser).
 */
export const compiledTranslationsAnswerSchema = z.strictObject({
  locale: z.string(),
  messages: z.record(z.string(), z.array(z.unknown())),
});
export type CompiledTranslationsResponse = z.output<typeof compiledTranslationsAnswerSchema>;
