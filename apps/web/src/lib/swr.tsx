import { FETCH_TIMINGS } from '@skillroom/contract';
import { useDeferredValue, type ReactNode } from 'react';
import { SWRConfig, type BareFetcher, type Key, type Middleware, type SWRConfiguration, type SWRResponse } from 'swr';
import { fetcher } from './api-client';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** Slow connections get the longer retry and slow-loading timings of spec §9. */
export function isSlowConnection(): boolean {
  const c = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(c && (c.saveData || c.effectiveType === 'slow-2g' || c.effectiveType === '2g'));
}

/**
 * A screen's data arriving for the first time is rendered as a transition: SWR's store updates are synchronous, so
 * a feed of cards would otherwise render in one long task that blocks taps; deferred, React renders it in slices.
 * Until that render, the hook still reads as loading (never as loaded and empty). Later changes (a save, a refresh)
 * show at once, so what a user just did is on screen in the same frame.
 */
export const deferFirstData: Middleware =
  (useSWRNext) =>
  <Data, Err>(key: Key, fetcher: BareFetcher<Data> | null, config: SWRConfiguration<Data, Err, BareFetcher<Data>>) => {
    const swr = useSWRNext(key, fetcher, config);
    const live = swr.data;
    const deferred = useDeferredValue(live);
    const waiting = live !== undefined && deferred === undefined;
    // SWR counts which fields a component reads (getters) to decide when to render it again: keep them getters.
    const out = {} as Record<string, unknown>;
    for (const k of Object.keys(swr).filter((f) => f !== 'data' && f !== 'isLoading'))
      Object.defineProperty(out, k, { enumerable: true, get: () => swr[k as keyof typeof swr] });
    Object.defineProperty(out, 'data', { enumerable: true, get: () => (waiting ? undefined : live) });
    Object.defineProperty(out, 'isLoading', { enumerable: true, get: () => swr.isLoading || waiting });
    return out as unknown as SWRResponse<Data, Err>;
  };

export function swrOptions(slow = isSlowConnection()): SWRConfiguration {
  return {
    fetcher,
    use: [deferFirstData],
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

export function SwrProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrOptions()}>{children}</SWRConfig>;
}
