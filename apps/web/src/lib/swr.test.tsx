// @vitest-environment jsdom
import { FETCH_TIMINGS } from '@skillroom/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { act, render, screen, waitFor } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
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

describe('first data rendered as a transition', () => {
  it('reads as loading until the data is shown, never as loaded and empty, and shows later changes at once', async () => {
    const seen: { loading: boolean; data: string | undefined }[] = [];
    let answer = 'first';
    function Probe() {
      const { data, isLoading, mutate } = useSWR<string>('probe', () => Promise.resolve(answer));
      seen.push({ loading: isLoading, data });
      return (
        <button type="button" onClick={() => void mutate('changed', { revalidate: false })}>
          {data ?? 'none'}
        </button>
      );
    }
    render(
      <SWRConfig value={{ ...swrOptions(false), provider: () => new Map() }}>
        <Probe />
      </SWRConfig>,
    );
    await waitFor(() => expect(screen.getByRole('button').textContent).toBe('first'));
    expect(seen.filter((s) => !s.loading && s.data === undefined)).toEqual([]);
    answer = 'unused';
    act(() => screen.getByRole('button').click());
    // A change after the first data is rendered in the same update, not deferred.
    expect(screen.getByRole('button').textContent).toBe('changed');
  });
});
