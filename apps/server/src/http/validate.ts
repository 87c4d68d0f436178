import type { z } from 'zod';
import { MAX_ID, V, type Violation } from '@skillroom/contract';
import { ValidationError } from './errors';

/** Turns zod issues into API Platform-style violations. */
export function toViolations(error: z.ZodError, prefix = ''): Violation[] {
  return error.issues.map((i) => {
    const propertyPath = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
    let message = i.message;
    if (i.code === 'invalid_type' && (i.input === undefined || i.input === null)) message = V.blank;
    else if (i.code === 'unrecognized_keys') message = `Extra attributes are not allowed (${i.keys.join(', ')}).`;
    return { propertyPath, message };
  });
}

/** Parses input with a contract schema or throws a 400 with violations. */
export function parse<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new ValidationError(toViolations(r.error, prefix));
  return r.data;
}

/** Parses a numeric path id; a malformed one is a 404 (no such resource). */
export function idParam(raw: unknown): number {
  const s = String(raw ?? '');
  if (!/^\d{1,12}$/.test(s)) throw new ValidationError([{ propertyPath: 'id', message: 'Invalid identifier.' }]);
  const n = Number(s);
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_ID) throw new ValidationError([{ propertyPath: 'id', message: 'Invalid identifier.' }]);
  return n;
}
