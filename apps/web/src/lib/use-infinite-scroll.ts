import { INFINITE_SCROLL_THRESHOLD_PX } from '@skillroom/contract/constants';
import { useEffect, useRef } from 'react';

/** Calls `more` when the returned sentinel comes within 250 px of the viewport (spec §9). */
export function useInfiniteScroll(more: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(more);
  useEffect(() => {
    latest.current = more;
  }, [more]);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: `${INFINITE_SCROLL_THRESHOLD_PX}px`,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [enabled]);
  return sentinel;
}
