import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret kept in DATA_DIR, making it on first start, so that tokens and signed links
 * survive restarts without any configuration.
 */
export function persistentSecret(dataDir: string, name: string, make: () => string = () => crypto.randomBytes(48).toString('base64url')): string {
  const file = path.join(dataDir, 'keys', name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const value = make();
    fs.writeFileSync(file, value, { mode: 0o600, flag: 'wx' });
    return value;
  }
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

export function hmac(secret: string, data: string) {
  return crypto.createHmac('sha256', secret).update(data).digest('base64url');
}

export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
