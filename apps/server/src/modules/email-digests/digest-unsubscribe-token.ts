import type { Config } from '../../config';
import { hmac, persistentSecret, safeEqual } from '../../lib/secrets';

/*
 * The one-click unsubscribe link of a digest (RFC 8058) works without signing in: its token is the user's id and an
 * HMAC of it with a key of this server's (derived from JWT_SECRET when instances share one, else kept in DATA_DIR).
 * It does not expire: an old digest's link must still stop the next ones. All it can do is turn the digest off.
 */
const secrets = new Map<string, string>();
function secretOf(config: Pick<Config, 'jwtSecret' | 'dataDir'>) {
  const key = config.jwtSecret ?? `dir:${config.dataDir}`;
  let s = secrets.get(key);
  if (!s) {
    s = config.jwtSecret ? hmac(config.jwtSecret, 'email-digest-unsubscribe') : persistentSecret(config.dataDir, 'digest-secret');
    secrets.set(key, s);
  }
  return s;
}

const mac = (config: Pick<Config, 'jwtSecret' | 'dataDir'>, userId: number) => hmac(secretOf(config), `digest-unsubscribe|${userId}`);

export const unsubscribeToken = (config: Pick<Config, 'jwtSecret' | 'dataDir'>, userId: number) => `${userId}.${mac(config, userId)}`;

/** The user a token was made for; null when it is not one of ours. */
export function unsubscribeUser(config: Pick<Config, 'jwtSecret' | 'dataDir'>, token: string): number | null {
  const [id, sig] = token.split('.');
  const userId = Number(id);
  if (!sig || !Number.isSafeInteger(userId) || userId <= 0) return null;
  return safeEqual(mac(config, userId), sig) ? userId : null;
}

export const unsubscribeUrl = (config: Pick<Config, 'jwtSecret' | 'dataDir' | 'publicUrl'>, userId: number) =>
  `${config.publicUrl}/api/public/v1/email-digest/unsubscribe?token=${unsubscribeToken(config, userId)}`;
