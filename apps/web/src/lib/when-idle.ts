/** How long a task waits for an idle moment at most, once the page has loaded. */
const IDLE_TIMEOUT_MS = 2_000;
/** Browsers without requestIdleCallback (Safari) wait this long after the load instead. */
const FALLBACK_MS = 300;

/**
 * Runs `task` once the page has loaded and the main thread is idle (at most IDLE_TIMEOUT_MS after the load): work that no
 * screen waits for (the notification stream, analytics) does not compete with the first screen, and the page counts as
 * loaded for tools that wait for the network to settle. `timeoutMs` bounds the wait on a busy main thread. Returns a function
 * that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  let idle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    else timer = window.setTimeout(task, FALLBACK_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}
