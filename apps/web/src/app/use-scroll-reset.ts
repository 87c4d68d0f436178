import { useLayoutEffect, useRef } from 'react';
import { useNavigationType } from 'react-router';

/**
 * A screen opened by a link or a redirect starts at its top, as a page of a web site does: the router keeps the document, so
 * without this a screen opened from the bottom of a long one started part way down. Back and forward (POP) are left to the
 * browser's own restoring, and a change of the query alone (a filter, a page of a list) keeps the place. A layout effect: it
 * runs before any screen's own effects, so a screen that scrolls to something it marks (the saved card) still does.
 */
export function useScrollReset(pathname: string) {
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
