import { useState } from 'react';
import { useIntl } from 'react-intl';
import { classFieldErrors } from '../../../lib/class-violations';
import { dayDate } from '../../../lib/dates';
import { visibleErrors } from '../../../lib/use-field-errors';
import type { FieldErrors } from '../../../lib/violations';
import { validateClass, type ClassFormValues } from './class-form-state';

// The two dates are checked together: moving the start can put the end before it.
const linked: Record<string, string[]> = { start: ['start', 'end'], end: ['start', 'end'] };

/**
 * The class rules checked as the teacher types: a field shows its problem once it has been changed, and the
 * submit's errors (the form's own check or the server's) show until the field is changed again.
 */
export function useLiveErrors(v: ClassFormValues, submitted: FieldErrors) {
  const intl = useIntl();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [lastSubmitted, setLastSubmitted] = useState(submitted);
  if (lastSubmitted !== submitted) {
    // A new submit's answer takes over every field again.
    setLastSubmitted(submitted);
    setTouched(new Set());
  }
  const live = classFieldErrors(intl, validateClass(v));
  for (const key of ['start', 'end'] as const)
    if (v[key] && !dayDate(v[key])) live[key] = intl.formatMessage({ id: 'web_ui_date_invalid' });
  // The shared rule, eager: a field the teacher changed shows its problem before any submit.
  const errors = visibleErrors(submitted, live, touched, true);
  const touch = (key: string) => setTouched((old) => new Set([...old, ...(linked[key] ?? [key])]));
  return { errors, touch };
}
