import type { z } from 'zod';
import { JsonNumberText, V, type Violation } from '@skillroom/contract';
import { ValidationError } from './errors';

const at = (input: unknown, path: PropertyKey[]) =>
  path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), input);

/** Symfony's type names, as the product's API words "This value should be of type …". */
const TYPE_NAMES: Record<string, string> = {
  number: 'number',
  int: 'int',
  boolean: 'bool',
  string: 'string',
  array: 'array',
  object: 'object',
};
/** Messages that say nothing about the field: a wrong JSON type replaces them with one that names the type expected. */
const generic = (m: string) => m === V.blank || m === V.type || m.startsWith('Invalid input');

/** Turns zod issues into API Platform-style violations; `input` tells a missing value from one of the wrong type. */
export function toViolations(error: z.ZodError, prefix = '', input?: unknown): Violation[] {
  return error.issues.map((i) => {
    const propertyPath = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
    let message = i.message;
    const value = at(input, i.path);
    if (i.code === 'invalid_type') {
      if (value === undefined || value === null) message = V.blank;
      // `1.0`, `3.4e1`, 2^53 + 1 where a number is expected (http/json-numbers.ts): only an integer was.
      else if (value instanceof JsonNumberText) message = V.typeOf('int');
      else if (generic(message)) message = V.typeOf(TYPE_NAMES[i.expected] ?? i.expected);
    } else if (i.code === 'invalid_union' && generic(message)) {
      const first = i.errors[0]?.[0];
      message = first?.code === 'invalid_type' ? V.typeOf(TYPE_NAMES[first.expected] ?? first.expected) : V.type;
    } else if (i.code === 'unrecognized_keys') message = `Extra attributes are not allowed (${i.keys.join(', ')}).`;
    return { propertyPath, message };
  });
}

/**
 * Parses input with a contract schema or throws a 400 with violations. An absent body (or an empty one, DESIGN §4)
 * is `{}`; read-only fields sent back come out undefined (`writeBody`) and are dropped here, as if never sent.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new ValidationError(toViolations(r.error, prefix, input));
  return withoutUndefined(r.data);
}

/** Drops the `undefined` that read-only fields sent back become (`writeBody`), as if never sent. */
export function withoutUndefined<T>(data: T): T {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    for (const [k, v] of Object.entries(data)) if (v === undefined) delete (data as Record<string, unknown>)[k];
  }
  return data;
}
