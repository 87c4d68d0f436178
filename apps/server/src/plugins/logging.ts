import { stdSerializers, type LoggerOptions } from 'pino';

/** Keys whose values are secrets, wherever they appear in a logged object (bodies, errors, headers). */
export const SECRET_KEYS = [
  'plainPassword',
  'password',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'token',
  'refresh_token',
  'refreshToken',
  'tokenHash',
  'token_hash',
  'authorization',
  'cookie',
  'set-cookie',
  'invitationCode',
  'invitation_code',
  'email',
];

// pino's redaction names exact paths: each key at the top and a few levels down covers what the app logs.
const paths = SECRET_KEYS.flatMap((k) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
  const sep = key.startsWith('[') ? '' : '.';
  return [key, `*${sep}${key}`, `*.*${sep}${key}`, `*.*.*${sep}${key}`];
});

// Drizzle's failed-query errors carry every bound value (a password hash among them) in `params` and in the message.
const PARAMS_LINE = /\nparams: [^\n]*/g;

/**
 * Properties by which a database driver's error or object carries its connection: pg-pool puts the idle `client`
 * that lost its server on the error, and a pg Client holds its `connectionParameters` (user, password, host), its
 * `connection`, and the backend's `processID` and `secretKey` (what cancels its queries). None of it belongs in a log.
 */
const DRIVER_PROPS = ['client', 'connection', '_connection', '_clients', 'pool', 'connectionParameters', 'processID', 'secretKey'];
const carriesDriver = (v: object) => DRIVER_PROPS.some((p) => Object.prototype.hasOwnProperty.call(v, p));

/** An error (or anything thrown) as its kind, code and message only. */
function summary(err: object) {
  const e = err as { name?: unknown; code?: unknown; message?: unknown };
  const type = typeof e.name === 'string' ? e.name : (err.constructor?.name ?? typeof err);
  return {
    type,
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    message: scrub(typeof e.message === 'string' ? e.message : ''),
  };
}

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object')
    return typeof value === 'string' ? value.replace(PARAMS_LINE, '\nparams: [redacted]') : value;
  if (carriesDriver(value)) return summary(value);
  const out: Record<string, unknown> = Array.isArray(value) ? ([] as never) : {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'params' || k === 'parameters') out[k] = '[redacted]';
    else if (SECRET_KEYS.includes(k)) out[k] = '[redacted]';
    else out[k] = scrub(v, depth + 1);
  }
  return out;
}

/**
 * pino's error serializer, without query parameters or secret fields anywhere in the error or its causes. An error
 * that carries a driver's connection (a PostgreSQL outage's), and anything logged as an error that is no Error, is
 * logged as `{ type, code, message }` only; a driver object met deeper in an error is reduced the same way.
 */
export function safeErrorSerializer(err: Error): Serialized {
  // Typed as pino calls it; at run time anything may be logged under `err`.
  const thrown: unknown = err;
  if (thrown === null || typeof thrown !== 'object') return thrown as Serialized;
  if (!(thrown instanceof Error) || carriesDriver(thrown)) return summary(thrown) as Serialized;
  return scrub(stdSerializers.err(thrown)) as Serialized;
}
type Serialized = ReturnType<typeof stdSerializers.err>;

/**
 * Query parameters whose values are live secrets or codes: link signatures, tokens, invitation codes, addresses; also
 * URL-encoded inside another parameter (a family letter's `/web/sign-up?next=%2Flink%3Fcode%3D…`).
 */
const SECRET_NAMES = 'sig|exp|token|refresh_token|refreshToken|invitationCode|invitation_code|code|password|plainPassword|email';
const SECRET_QUERY = new RegExp(`((?:[?&]|%3F|%26)(?:${SECRET_NAMES})(?:\\[\\]|%5B%5D)?(?:=|%3D))[^&#"\\s\\\\]*`, 'gi');
/**
 * Path segments that are secrets or personal: the e-mail address of `forgot_password/{email}`, a reset token in a
 * path, the value of sign-up's checks (`user/validate/email/{email}`, `user/validate/username/{username}`).
 */
const SECRET_SEGMENT = /(\/(?:forgot_password|reset-password|reset_password|validate\/email|validate\/username)\/)[^?#"\s\\/]+/gi;
/** An e-mail address anywhere, as typed or URL-encoded (an "@" or "%40"). */
const EMAIL = /[\w.!#$%'*+^`{|}~-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/g;
/** JSON Web Tokens (access tokens) and bearer credentials in any text. */
const JWT = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]+/g;
const BEARER = /(Bearer\s+)[^\s"\\]+/gi;
/** PostgreSQL's account of a unique violation names the value: "Key (email)=(ana@example.org)". */
const KEY_VALUE = /(\((?:email|username|invitation_code|token_hash)\)=\()[^)"]*/gi;

/**
 * Masks, in one finished log line, every live secret and personal value DESIGN §6 names, wherever it sits (a URL,
 * a message, an error, a mail): the last step before a line is written, so no serializer or call site can forget.
 */
export function maskSecrets(line: string): string {
  return line
    .replace(SECRET_QUERY, '$1[redacted]')
    .replace(SECRET_SEGMENT, '$1[redacted]')
    .replace(KEY_VALUE, '$1[redacted]')
    .replace(JWT, '[redacted]')
    .replace(BEARER, '$1[redacted]')
    .replace(EMAIL, '[email]');
}

/** What every logger of the app is built with (plugins/logger.ts): secrets redacted, errors without query parameters. */
export const secretLogging = {
  redact: { paths, censor: '[redacted]' },
  serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
  hooks: { streamWrite: maskSecrets },
} satisfies Pick<LoggerOptions, 'redact' | 'serializers' | 'hooks'>;
