import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * The schema's violations of a body, by path (react-hook-form's shape), with the contract's own texts. Loaded by
 * `useZodForm` when a form first validates: zod's checking stays out of the screens that only show a form.
 */
export async function schemaErrors(
  schema: ZodType,
  body: unknown,
  context: unknown,
  options: ResolverOptions<FieldValues>,
): Promise<FieldErrors> {
  // The body is not the form's values (ids as numbers, a field per control): its paths are matched by name only. So the
  // resolver is typed for no particular values: the schema checks the body, and `raw` keeps the body as it was given.
  const resolve = zodResolver(schema as never, undefined, { raw: true }) as unknown as Resolver<FieldValues>;
  const { errors } = await resolve(body as FieldValues, context, { ...options, fields: {}, names: [] });
  return flatten(errors);
}

/** `{a: {b: {message}}}` → `{'a.b': {message}}`: a violation's propertyPath is its field's name. */
function flatten(errors: FieldErrors, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') out[path] = value as FieldError;
    else Object.assign(out, flatten(value as FieldErrors, path));
  }
  return out;
}
