import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, t=2), the OWASP baseline. */
export const hashPassword = (plain: string) => hash(plain);

/** Whether a password matches its stored hash; a malformed hash is a mismatch, never an error. */
export const verifyPassword = (passwordHash: string, plain: string) => verify(passwordHash, plain).catch(() => false);
