import { useEffect } from 'react';

const HEADING_WAIT_MS = 3000;
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex="0"]';

/** The screen's heading, made focusable by script only (never a Tab stop). */
function focusHeading() {
  const h1 = document.querySelector<HTMLElement>('main h1');
  if (!h1) return false;
  if (!h1.hasAttribute('tabindex')) h1.tabIndex = -1;
  h1.focus({ preventScroll: true });
  return true;
}

/** The first control still on the page in the nearest part that outlived the removed one (its menu, its card, its list). */
function focusNearest(ancestors: HTMLElement[]) {
  for (const el of ancestors) {
    if (!el.isConnected) continue;
    if (el.tagName === 'MAIN' || el === document.body) return false;
    const next = [...el.querySelectorAll<HTMLElement>(FOCUSABLE)].find((c) => c.getClientRects().length > 0);
    if (next) {
      next.focus({ preventScroll: true });
      return true;
    }
  }
  return false;
}

/**
 * Focus never drops to the page (DESIGN §7 "Focus"). When the focused control leaves the page — a form that a save
 * replaced, a menu that closed, a row that was removed — and nothing else took focus by the next frame, focus goes to a
 * sensible place: on a new screen its heading, otherwise the nearest control in what is left of the part it was in, or
 * else the heading. A screen that knows better (the saved card, the opener of a sheet) focuses it itself, and this waits
 * for it. Mounted once per layout.
 */
export function useFocusRescue() {
  useEffect(() => {
    let last: HTMLElement | null = null;
    let ancestors: HTMLElement[] = [];
    let path = location.pathname;
    // A new screen whose heading has not arrived yet (still loading): its heading takes focus when it comes, for a while.
    let headingUntil = 0;
    let frame = 0;
    // Gone: removed, or still in the document but no longer shown (a closed dialog, a hidden panel).
    const gone = (el: HTMLElement) => !el.isConnected || el.getClientRects().length === 0;
    const lost = () => !document.activeElement || document.activeElement === document.body;
    const onFocusIn = (e: FocusEvent) => {
      if (!(e.target instanceof HTMLElement) || e.target === document.body) return;
      last = e.target;
      ancestors = [];
      for (let el = e.target.parentElement; el && el !== document.body; el = el.parentElement) ancestors.push(el);
      path = location.pathname;
      headingUntil = 0;
    };
    // Focus that leaves on purpose (a click on the page, another window) is no loss: forget the control.
    const onFocusOut = (e: FocusEvent) => {
      const target = e.target;
      queueMicrotask(() => {
        if (last && target === last && !gone(last)) last = null;
      });
    };
    const rescue = () => {
      frame = 0;
      if (!lost()) return;
      if (headingUntil) {
        if (focusHeading() || performance.now() > headingUntil) headingUntil = 0;
        return;
      }
      if (!last || !gone(last)) return;
      last = null;
      if (location.pathname !== path) {
        if (!focusHeading()) headingUntil = performance.now() + HEADING_WAIT_MS;
      } else if (!focusNearest(ancestors)) focusHeading();
    };
    // Chromium fires no blur when a focused element is removed: watch the page change and look once the frame settles.
    const observer = new MutationObserver(() => {
      if (!frame && lost() && (headingUntil || (last && gone(last)))) frame = requestAnimationFrame(rescue);
    });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open', 'hidden'] });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}
