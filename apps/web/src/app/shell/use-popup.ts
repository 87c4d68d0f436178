import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss';

/**
 * A header popup (a menu, the bell's list, the outbox): whether it is open, its box (a click outside it or Escape
 * closes it, Escape giving focus back to its button), its panel's id, and the props of the button that toggles it.
 */
export function usePopup() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  useDismiss(open, ref, close);
  const toggle = {
    ref: button,
    type: 'button',
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((o) => !o),
  } as const;
  return { open, setOpen, close, ref, panelId, toggle };
}
