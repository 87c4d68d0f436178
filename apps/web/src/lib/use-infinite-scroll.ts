import { INFINITE_SCROLL_THRESHOLD_PX } from '@skillroom/contract/constants';
import { useEffect, useRef } from 'react';

/**
 * Calls `more` when the returned sentinel comes within 250 px of the viewport (spec §9), and again whenever `more`
 * changes while it stays there: the observer speaks only when the sentinel comes or goes, so a call `more` let pass (a
 * page still loading, the first page read again) would otherwise leave the list stuck with its end in view.
 */
export function useInfiniteScroll(more: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(more);
  const near = useRef(false);
  useEffect(() => {
    latest.current = more;
    if (enabled && near.current) more();
  }, [more, enabled]);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(
      (entries) => {
        near.current = entries.some((e) => e.isIntersecting);
        if (near.current) latest.current();
      },
      { rootMargin: `${INFINITE_SCROLL_THRESHOLD_PX}px` },
    );
    io.observe(el);
    return () => {
      io.disconnect();
      near.current = false;
    };
  }, [enabled]);
  return sentinel;
}
