import { FETCH_TIMINGS } from '@skillroom/contract/constants';
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
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

export function SwrProvider({ children }: { children: ReactNode }) {
  return <SWRConfig value={swrOptions()}>{children}</SWRConfig>;
}
