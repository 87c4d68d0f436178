import { TOAST_TIMINGS } from '@skillroom/contract/constants';
import toast, { Toaster } from 'react-hot-toast';

type Kind = 'success' | 'error' | 'loading';
type Show = (message: Parameters<typeof toast.success>[0], options?: Parameters<typeof toast.success>[1]) => string;

/**
 * One toast per kind: a new success takes the place of the previous success (same id, so react-hot-toast updates it
 * in place) instead of piling up over the page. Screens call `toast.success` and friends directly; this wraps them
 * once, for every screen. A caller that passes its own id keeps it.
 */
export function oneToastPerKind(target: Record<Kind, Show>) {
  for (const kind of ['success', 'error', 'loading'] as const) {
    const show = target[kind];
    if ((show as { perKind?: true }).perKind) continue;
    const wrapped: Show = (message, options) => show(message, { id: kind, ...options });
    target[kind] = Object.assign(wrapped, { perKind: true as const });
  }
}
oneToastPerKind(toast);

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
