import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './when-idle';

/** A busy main thread (a slow phone, a loaded machine) still gets the rest of the list this soon after each step. */
const STEP_TIMEOUT_MS = 300;

/**
 * How many of a long list's `total` items to render: `first` at once, then `step` more in each idle moment after the page
 * has loaded, as a transition (React renders it in slices and yields to input), so that no single task builds the whole list
 * on a slow phone. `all` renders everything now (an item to scroll to).
 */
export function useRenderedCount(total: number, { first = 5, step = 5, all = false } = {}): number {
  const [count, setCount] = useState(first);
  const done = all || count >= total;
  useEffect(() => {
    if (done) return;
    return whenIdle(() => startTransition(() => setCount((c) => c + step)), STEP_TIMEOUT_MS);
  }, [done, count, step]);
  return all ? total : Math.min(count, total);
}
