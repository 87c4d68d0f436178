import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const HEADING_WAIT_MS = 3000;
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex="0"]',
].join(', ');

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
 * sensible place: the nearest control in what is left of the part it was in (its menu's button, its card, its list), or
 * else the screen's heading. After a navigation that left focus nowhere (or only where this put it), the new screen's
 * heading takes it, once it has arrived. A screen that knows better (the saved card, the opener of a sheet) focuses it
 * itself, and this gives way. Mounted once per layout.
 */
export function useFocusRescue() {
  const { key } = useLocation();
  const [rescuer] = useState(createRescuer);
  useEffect(() => rescuer.start(), [rescuer]);
  useEffect(() => {
    // 'default' is the page as it was loaded: nothing was focused yet, and nothing is moved.
    if (key !== 'default') rescuer.navigated();
  }, [key, rescuer]);
}

function createRescuer() {
  let last: HTMLElement | null = null;
  let ancestors: HTMLElement[] = [];
  // The screen the control was on: when it leaves after the screen changed (a menu closing late), the new heading gets focus.
  let screen = '';
  // Where this put focus itself: a navigation that follows may move it on to the new heading.
  let rescued: Element | null = null;
  // A new screen whose heading has not arrived yet (still loading) gets it when it comes, for a while.
  let headingUntil = 0;
  let frame = 0;
  // Gone: removed, or still in the document but no longer shown (a closed dialog, a hidden panel).
  const gone = (el: HTMLElement) => !el.isConnected || el.getClientRects().length === 0;
  const lost = () => !document.activeElement || document.activeElement === document.body;
  const put = (ok: boolean) => {
    if (ok) rescued = document.activeElement;
    return ok;
  };

  const rescue = () => {
    frame = 0;
    if (headingUntil) {
      if (!lost() && document.activeElement !== rescued) headingUntil = 0;
      else if (put(focusHeading()) || performance.now() > headingUntil) headingUntil = 0;
      return;
    }
    if (!lost() || !last || !gone(last)) return;
    const chain = ancestors;
    last = null;
    if (screen !== location.pathname) {
      if (!put(focusHeading())) headingUntil = performance.now() + HEADING_WAIT_MS;
    } else if (!put(focusNearest(chain))) put(focusHeading());
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(rescue);
  };
  const onFocusIn = (e: FocusEvent) => {
    if (!(e.target instanceof HTMLElement) || e.target === document.body) return;
    last = e.target;
    screen = location.pathname;
    ancestors = [];
    for (let el = e.target.parentElement; el && el !== document.body; el = el.parentElement) ancestors.push(el);
    if (e.target !== rescued) {
      rescued = null;
      headingUntil = 0;
    }
  };
  // Focus that leaves on purpose (a click on the page, another window) is no loss: forget the control.
  const onFocusOut = (e: FocusEvent) => {
    const target = e.target;
    queueMicrotask(() => {
      if (last && target === last && !gone(last)) last = null;
    });
  };
  return {
    start() {
      // Chromium fires no blur when a focused element is removed: watch the page change and look once the frame settles.
      // Made here, in the browser (the server renders the screens too, and has no MutationObserver).
      const observer = new MutationObserver(() => {
        if (headingUntil || (lost() && last && gone(last))) schedule();
      });
      document.addEventListener('focusin', onFocusIn);
      document.addEventListener('focusout', onFocusOut);
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open', 'hidden'] });
      return () => {
        document.removeEventListener('focusin', onFocusIn);
        document.removeEventListener('focusout', onFocusOut);
        observer.disconnect();
        cancelAnimationFrame(frame);
        frame = 0;
      };
    },
    navigated() {
      const active = document.activeElement;
      const stranded = lost() || active === rescued || (last !== null && gone(last));
      if (!stranded) return;
      headingUntil = performance.now() + HEADING_WAIT_MS;
      schedule();
    },
  };
}
