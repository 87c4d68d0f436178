import { startTransition, useEffect, useState } from 'react';

/**
 * False in a screen's first render, true in a task of its own once the browser has painted it. What lies below the first
 * view renders then: the first view (the screen's title, its largest paint) is on screen without waiting for the rest, and
 * neither render is one long task on a phone.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // The frame callback runs before that frame's paint; the timer after it. A transition: React then renders the rest in
    // slices of a few milliseconds, where a plain update would render all of it in one task.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}
