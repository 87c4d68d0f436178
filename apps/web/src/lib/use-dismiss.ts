import { useEffect, type RefObject } from 'react';

/**
 * Closes a popup on a click outside it or on Escape (which also returns focus to its button). Escape closes only this
 * innermost layer (issue 36 §8): it is taken before anything else sees it, and its default (a dialog's close request)
 * is prevented, so the rating sheet around a date picker stays open with what was typed.
 */
export function useDismiss(open: boolean, ref: RefObject<HTMLElement | null>, close: (refocus: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent | TouchEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      close(true);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [open, ref, close]);
}
