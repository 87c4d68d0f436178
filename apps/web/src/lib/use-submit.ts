import { useState } from 'react';
import { useIntl } from 'react-intl';
import { apiFieldErrors, type FieldErrors } from './violations';

/**
 * A form's sending, once its own check has passed: the errors shown clear and `send` runs with the form busy. A
 * failure goes to `failed`; without one, the server's violations go under their fields and anything else (the network
 * down included) is the form's error.
 */
export function useSubmit(setErrors: (errors: FieldErrors) => void) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const run = async (send: () => Promise<void>, failed?: (err: unknown) => void) => {
    setBusy(true);
    setErrors({});
    try {
      await send();
    } catch (err) {
      if (failed) failed(err);
      else setErrors(apiFieldErrors(intl, err, intl.formatMessage({ id: 'web_common_fetch_failed' })));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
