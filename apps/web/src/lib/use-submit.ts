import { useState } from 'react';
import type { FieldErrors } from './violations';

/**
 * A form's sending, once its own check has passed: the errors shown clear and `send` runs with the form busy; a
 * failure goes to `failed` (`refusalShown` in violations.ts for most forms). Nothing here reads violations, so that
 * the sign-in screen, which never shows them, stays without the contract's texts in its first load.
 */
export function useSubmit(setErrors: (errors: FieldErrors) => void) {
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<void>, failed: (err: unknown) => void) => {
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
