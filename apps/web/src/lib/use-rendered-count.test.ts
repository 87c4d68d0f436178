// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRenderedCount } from './use-rendered-count';

describe('useRenderedCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders the first items at once and the rest a step per idle moment, or all of them when asked', async () => {
    const { result, rerender } = renderHook(({ all }) => useRenderedCount(12, { first: 5, step: 5, all }), {
      initialProps: { all: false },
    });
    expect(result.current).toBe(5);
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(result.current).toBe(10);
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    expect(result.current).toBe(12);
    const fresh = renderHook(() => useRenderedCount(3, { first: 1 }));
    expect(fresh.result.current).toBe(1);
    rerender({ all: true });
    expect(result.current).toBe(12);
  });
});
