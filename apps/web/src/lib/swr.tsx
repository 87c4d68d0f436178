import { FETCH_TIMINGS } from '@skillroom/contract/constants';
import { useMemo, type ReactNode } from 'react';
import { preload, SWRConfig, type SWRConfiguration } from 'swr';
import { fetcher } from './api-client';
import { useFirstLoad, type FirstLoad } from './first-load';

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

const INFINITE_PREFIX = '$inf$';
let seeded: FirstLoad | null = null;

/**
 * The answers the server rendered the page with: SWR's `fallback` for the first render (the same on both sides, so
 * hydration matches), and `preload`ed under their request keys, so that the revalidation each hook makes on mount takes
 * them instead of asking the network again (an infinite list's pages too: SWR reads its preloads page by page).
 */
function seed(first: FirstLoad) {
  if (seeded === first || typeof window === 'undefined') return;
  seeded = first;
  for (const [key, value] of Object.entries(first.fallback)) {
    if (!key.startsWith(INFINITE_PREFIX)) void preload(key, () => Promise.resolve(value));
    else void preload(key.slice(INFINITE_PREFIX.length), () => Promise.resolve((value as unknown[])[0]));
  }
}

export function SwrProvider({ children }: { children: ReactNode }) {
  const first = useFirstLoad();
  if (first) seed(first);
  const value = useMemo(() => ({ ...swrOptions(), ...(first ? { fallback: first.fallback } : {}) }), [first]);
  return <SWRConfig value={value}>{children}</SWRConfig>;
}
