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
export interface VersionInfo {
  version: string;
  minimum: number;
  supported: boolean;
}

export interface PublicConfig {
  version: string;
  locales: string[];
  defaultLocale: string;
  demo: boolean;
  vapidPublicKey: string | null;
  /** Days a class's records are kept after it finished (DESIGN §6); 0 keeps them forever. */
  retentionDays: number;
  /** The current privacy policy's date (YYYY-MM-DD, DESIGN §6 "Consent"). */
  privacyPolicyDate: string;
  demoAccounts?: { username: string; password: string; role: string }[];
}

export interface TranslationsResponse {
  locale: string;
  translations: Record<string, string>;
}
