import { useEffect, useRef } from 'react';

/**
 * A native <dialog> shown as a modal (showModal: focus kept inside, the rest of the page inert) while `open`, and
 * closed when not; `returnTo` is what had focus when it opened, for the dialog's close to give focus back to.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
    } else if (!open && d.open) d.close();
  }, [open]);

  return { ref, returnTo };
}
