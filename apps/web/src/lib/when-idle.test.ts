// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle';

describe('whenIdle', () => {
  let state: DocumentReadyState;
  beforeEach(() => {
    vi.useFakeTimers();
    state = 'loading';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => state);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('waits for the load, then for an idle moment of the main thread', () => {
    const idle: Array<() => void> = [];
    const requestIdleCallback = vi.fn((cb: () => void) => idle.push(cb));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(5_000);
    expect(requestIdleCallback).not.toHaveBeenCalled();
    state = 'complete';
    window.dispatchEvent(new Event('load'));
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 });
    expect(task).not.toHaveBeenCalled();
    idle[0]!();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('falls back to a short wait without requestIdleCallback, and can be cancelled', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    state = 'complete';
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(1_000);
    expect(task).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(1_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
