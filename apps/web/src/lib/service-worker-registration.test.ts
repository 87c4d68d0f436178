// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerWhenSettled, SERVICE_WORKER_PAUSE_MS } from './service-worker-registration';

describe('registerServiceWorkerWhenSettled', () => {
  const register = vi.fn(() => Promise.resolve({}));
  const idle: Array<() => void> = [];
  beforeEach(() => {
    vi.useFakeTimers();
    idle.length = 0;
    register.mockClear();
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((cb: () => void) => idle.push(cb)),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('registers after an idle moment, a pause, and another idle moment, not at the load', () => {
    registerServiceWorkerWhenSettled();
    expect(register).not.toHaveBeenCalled();
    idle.shift()!();
    vi.advanceTimersByTime(SERVICE_WORKER_PAUSE_MS - 1);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(register).not.toHaveBeenCalled();
    idle.shift()!();
    expect(register).toHaveBeenCalledWith(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  });

  it('can be cancelled during the pause', () => {
    const cancel = registerServiceWorkerWhenSettled();
    idle.shift()!();
    cancel();
    vi.advanceTimersByTime(SERVICE_WORKER_PAUSE_MS * 2);
    expect(idle).toHaveLength(0);
    expect(register).not.toHaveBeenCalled();
  });
});
