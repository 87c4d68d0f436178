import { whenIdle } from './when-idle';

/**
 * How long after the page's first idle moment the service worker waits. A single-page app reaches its load event before its
 * screen has its data and photos (on a phone, seconds before), and installing the worker precaches the whole app (every
 * screen's code, the legal pages, the icons: about 130 files), which on a first visit would compete with them for the network
 * and the CPU. Nothing needs the worker sooner: it serves the visits after this one.
 */
export const SERVICE_WORKER_PAUSE_MS = 3_000;

/** The app's one service worker (under /web/: the offline shell and reads, pushed notifications), registered now. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
}

/** Registers the app's one service worker once the first screen has settled; returns a function that cancels it. */
export function registerServiceWorkerWhenSettled(): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  let cancelLater: () => void = () => undefined;
  let timer: number | undefined;
  const cancelFirst = whenIdle(() => {
    timer = window.setTimeout(() => {
      cancelLater = whenIdle(() => void registerServiceWorker().catch(() => undefined));
    }, SERVICE_WORKER_PAUSE_MS);
  });
  return () => {
    cancelFirst();
    window.clearTimeout(timer);
    cancelLater();
  };
}
