import { FETCH_TIMINGS } from '@skillroom/contract/constants';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { swrOptions } from './swr';

describe('data fetching timings (spec §9)', () => {
  it('refreshes every 5 minutes, not on focus, with the normal retry and slow-loading times', () => {
    const o = swrOptions(false);
    expect(o).toMatchObject({
      refreshInterval: 300_000,
      revalidateOnFocus: false,
      errorRetryInterval: 5000,
      dedupingInterval: 2000,
      focusThrottleInterval: 5000,
      loadingTimeout: 3000,
    });
  });
  it('waits longer on a slow connection', () => {
    expect(swrOptions(true)).toMatchObject({
      errorRetryInterval: FETCH_TIMINGS.errorRetryIntervalSlowMs,
      loadingTimeout: FETCH_TIMINGS.loadingTimeoutSlowMs,
    });
  });
  it('does not retry answers that will not change (4xx), but retries the rest', () => {
    const retry = swrOptions(false).shouldRetryOnError as (e: unknown) => boolean;
    expect(retry(new ApiError(404, 'x'))).toBe(false);
    expect(retry(new ApiError(503, 'x'))).toBe(true);
    expect(retry(new ApiError(0, 'x'))).toBe(true);
  });
});
