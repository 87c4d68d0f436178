import { useState } from 'react';
import type { FieldErrors } from './violations';

/**
 * A form's sending: the errors of its own check (`found`) are shown and nothing is sent; else the errors shown clear
 * and `send` runs with the form busy, a failure going to `failed` (`refusalShown` in violations.ts for most forms).
 * Nothing here reads violations, so that the sign-in screen, which never shows them, stays without the contract's texts in its first load.
 */
export function useSubmit(setErrors: (errors: FieldErrors) => void) {
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<void>, failed: (err: unknown) => void, found: FieldErrors = {}) => {
    if (Object.keys(found).length) return setErrors(found);
    setBusy(true);
    setErrors({});
    try {
      await send();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
