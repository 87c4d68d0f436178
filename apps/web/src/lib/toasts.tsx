import { TOAST_TIMINGS } from '@skillroom/contract';
import { Toaster } from 'react-hot-toast';

// react-hot-toast keeps at most 20 toasts by default, which is the spec's limit (§9).
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_TIMINGS.blank,
        removeDelay: TOAST_TIMINGS.removeDelay,
        error: { duration: TOAST_TIMINGS.error },
        success: { duration: TOAST_TIMINGS.success },
        loading: { duration: TOAST_TIMINGS.loading },
        custom: { duration: TOAST_TIMINGS.custom },
      }}
    />
  );
}
