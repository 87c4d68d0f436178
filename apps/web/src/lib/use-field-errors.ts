import { useCallback, useState } from 'react';
import type { FieldErrors } from './violations';

/**
 * The errors a form shows (one rule for every form): a submit's errors (the form's own check or the server's) stay under
 * their fields until the field changes; a changed field shows what the check says of its value now, so its error
 * clears as soon as the value is valid. With `eager`, a changed field shows the check's word even without a submit.
 */
export function visibleErrors(submitted: FieldErrors, live: FieldErrors, changed: ReadonlySet<string>, eager = false): FieldErrors {
  const out: FieldErrors = { ...submitted };
  const keys = eager ? new Set([...Object.keys(submitted), ...Object.keys(live)]) : Object.keys(submitted);
  for (const key of keys) {
    if (!changed.has(key)) continue;
    if (live[key]) out[key] = live[key];
    else delete out[key];
  }
  return out;
}

/** The keys whose values differ between two snapshots of a form. */
export function changedKeys(before: object, now: object): Set<string> {
  const a = before as Record<string, unknown>;
  const b = now as Record<string, unknown>;
  return new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => !Object.is(a[k], b[k])));
}

/**
 * A form's field errors in place of `useState<FieldErrors>`: `setErrors` records a submit's answer with the values it
 * answered, and `errors` are those of `visibleErrors`, `check` giving the form's own word on the values now.
 */
export function useFieldErrors<V extends object>(values: V, check: (values: V) => FieldErrors) {
  const [state, setState] = useState<{ errors: FieldErrors; at: V | null }>({ errors: {}, at: values });
  // The values a new answer is about: those of the render that follows it (derived state, not an effect).
  if (state.at === null) setState({ errors: state.errors, at: values });
  const setErrors = useCallback((errors: FieldErrors) => setState({ errors, at: null }), []);
  const at = state.at ?? values;
  const changed = changedKeys(at, values);
  const errors = changed.size && Object.keys(state.errors).length ? visibleErrors(state.errors, check(values), changed) : state.errors;
  return { errors, setErrors };
}
