import { FETCH_TIMINGS } from '@skillroom/contract/constants';
import { useMemo, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { fetcher } from './api-client';
import { useFirstLoad } from './first-load';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** Slow connections get the longer retry and slow-loading timings of spec §9. */
export function isSlowConnection(): boolean {
  if (typeof navigator === 'undefined') return false;
  const c = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(c && (c.saveData || c.effectiveType === 'slow-2g' || c.effectiveType === '2g'));
}

export function swrOptions(slow = isSlowConnection()): SWRConfiguration {
  return {
    fetcher,
    refreshInterval: FETCH_TIMINGS.refreshIntervalMs,
    revalidateOnFocus: false,
    errorRetryInterval: slow ? FETCH_TIMINGS.errorRetryIntervalSlowMs : FETCH_TIMINGS.errorRetryIntervalMs,
    dedupingInterval: FETCH_TIMINGS.dedupingIntervalMs,
    focusThrottleInterval: FETCH_TIMINGS.focusThrottleIntervalMs,
    loadingTimeout: slow ? FETCH_TIMINGS.loadingTimeoutSlowMs : FETCH_TIMINGS.loadingTimeoutMs,
    // A 4xx will not heal by asking again.
    shouldRetryOnError: (err: unknown) =>
      !(err && typeof err === 'object' && 'status' in err && Number(err.status) >= 400 && Number(err.status) < 500),
  };
}

/**
 * The answers the server rendered the page with are SWR's `fallback` for the first render (the same on both sides, so
 * hydration matches). Each hook still reads its key once mounted, through the service worker, which keeps the reads of
 * the classes last visited for offline starts (DESIGN §7): a page the server drew never fed that cache otherwise.
 */
export function SwrProvider({ children }: { children: ReactNode }) {
  const first = useFirstLoad();
  const value = useMemo(() => ({ ...swrOptions(), ...(first ? { fallback: first.fallback } : {}) }), [first]);
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
