import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * A table too wide for its box scrolls inside it, never the page, and says so (DESIGN §9: no column hides without a
 * cue): a line above it names the way to scroll, a shadow sits on each edge that has more beyond it, and the region
 * is focusable and labelled so that a keyboard scrolls it with the arrow keys.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hint = useId();
  const [edges, setEdges] = useState({ before: false, after: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      // scrollLeft runs negative in a right-to-left page; its size is what tells how far the table has moved.
      const moved = Math.abs(el.scrollLeft);
      const next = { before: moved > 1, after: moved + el.clientWidth < el.scrollWidth - 1 };
      setEdges((e) => (e.before === next.before && e.after === next.after ? e : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const ro = new ResizeObserver(update);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      ro.disconnect();
    };
  }, []);
  const more = edges.before || edges.after;
  return (
    <div className="space-y-2">
      {more && (
        <p id={hint} className="flex items-center gap-1 text-sm text-slate-700 print:hidden" data-scroll-hint="">
          <span aria-hidden="true">↔</span>
          <FormattedMessage id="web_report_scroll_hint" />
        </p>
      )}
      <div className="relative">
        <div
          ref={ref}
          role="region"
          aria-label={label}
          aria-describedby={more ? hint : undefined}
          tabIndex={0}
          data-overflow={more ? 'true' : 'false'}
          className="max-w-full overflow-x-auto rounded-md print:overflow-visible"
        >
          {children}
        </div>
        {edges.after && (
          <div
            aria-hidden="true"
            className={
              'pointer-events-none absolute inset-y-0 right-0 w-8 rounded-r-md ' +
              'bg-gradient-to-l from-slate-900/20 to-transparent print:hidden'
            }
          />
        )}
      </div>
    </div>
  );
}

/** The first column stays in view while the rest scrolls under it; its edge shows where the scrolling starts. */
export const stickyCell = 'sticky left-0 z-10 border-r border-slate-200';
