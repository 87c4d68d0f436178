import { stdSerializers, type LoggerOptions } from 'pino';

/** Keys whose values are secrets, wherever they appear in a logged object (bodies, errors, headers). */
export const SECRET_KEYS = ['plainPassword', 'password', 'currentPassword', 'passwordHash', 'password_hash', 'token', 'refresh_token', 'refreshToken', 'tokenHash', 'token_hash', 'authorization', 'cookie', 'set-cookie'];

// pino's redaction names exact paths: each key at the top and a few levels down covers what the app logs.
const paths = SECRET_KEYS.flatMap((k) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
  const sep = key.startsWith('[') ? '' : '.';
  return [key, `*${sep}${key}`, `*.*${sep}${key}`, `*.*.*${sep}${key}`];
});

// Drizzle's failed-query errors carry every bound value (a password hash among them) in `params` and in the message.
const PARAMS_LINE = /\nparams: [^\n]*/g;

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return typeof value === 'string' ? value.replace(PARAMS_LINE, '\nparams: [redacted]') : value;
  const out: Record<string, unknown> = Array.isArray(value) ? ([] as never) : {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'params' || k === 'parameters') out[k] = '[redacted]';
    else if (SECRET_KEYS.includes(k)) out[k] = '[redacted]';
    else out[k] = scrub(v, depth + 1);
  }
  return out;
}

/** pino's error serializer, without query parameters or secret fields anywhere in the error or its causes. */
export function safeErrorSerializer(err: Error) {
  return scrub(stdSerializers.err(err)) as ReturnType<typeof stdSerializers.err>;
}

/** What every logger of the app is built with (plugins/logger.ts): secrets redacted, errors without query parameters. */
export const secretLogging = {
  redact: { paths, censor: '[redacted]' },
  serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
} satisfies Pick<LoggerOptions, 'redact' | 'serializers'>;
