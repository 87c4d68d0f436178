import { TOAST_TIMINGS } from '@skillroom/contract';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore, type Toast } from 'react-hot-toast';

/** Which toasts to drop so that only the newest of each kind (success, error, …) stays on screen. */
export function supersededToasts(toasts: readonly Pick<Toast, 'id' | 'type' | 'createdAt' | 'visible'>[]): string[] {
  const newest = new Map<string, number>();
  for (const t of toasts) if (t.visible) newest.set(t.type, Math.max(newest.get(t.type) ?? 0, t.createdAt));
  return toasts.filter((t) => t.visible && t.createdAt < (newest.get(t.type) ?? 0)).map((t) => t.id);
}

// react-hot-toast keeps at most 20 toasts by default, which is the spec's limit (§9). Screens call `toast.success`
// and friends directly; here a newer toast of a kind replaces the older one, so they never pile up over the page.
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const id of supersededToasts(toasts)) toast.remove(id);
  }, [toasts]);
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
