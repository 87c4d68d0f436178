import type { Violation } from '@skillroom/contract/types';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useIntl } from 'react-intl';
import { classFieldErrors, otherErrors, violationsOf } from './class-violations';
import type { FieldErrors } from './violations';

/**
 * The submit cycle of the class and student forms: the contract's rules are checked before sending, the
 * server's 400 violations come back next to their fields (the rest above the form, from `otherError`), focus
 * goes to the first thing to fix, and any other failure shows the class-write message of spec §8.
 */
export function useClassForm(fields: readonly string[]) {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const show = (violations: Violation[]) => {
    setErrors(classFieldErrors(intl, violations));
    // After React has marked the fields invalid.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]')?.focus());
  };

  const submit = async (local: Violation[], save: () => Promise<void>) => {
    if (local.length) return show(local);
    setBusy(true);
    setErrors({});
    try {
      await save();
    } catch (err) {
      const violations = violationsOf(err);
      if (violations) show(violations);
      else toast.error(intl.formatMessage({ id: 'web_classes_error_manage' }));
    } finally {
      setBusy(false);
    }
  };

  return { formRef, errors, busy, submit, otherError: otherErrors(errors, fields) };
}
