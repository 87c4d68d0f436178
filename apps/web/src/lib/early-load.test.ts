import { describe, expect, it, vi } from 'vitest';
import { EARLY_LOAD_MAX_AGE_MS, startEarly, takeEarly } from './early-load';

describe('loads started before the first render', () => {
  it('starts a load once and hands it over once; later callers load afresh', async () => {
    const load = vi.fn(() => Promise.resolve('config'));
    startEarly('a', load);
    startEarly('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    await expect(takeEarly<string>('a')).resolves.toBe('config');
    expect(takeEarly('a')).toBeNull();
    expect(takeEarly('never-started')).toBeNull();
  });

  it('keeps a failure for whoever takes it, without an unhandled rejection meanwhile', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    startEarly('b', () => Promise.reject(new Error('offline')));
    await new Promise((r) => setTimeout(r, 10));
    expect(unhandled).not.toHaveBeenCalled();
    process.off('unhandledRejection', unhandled);
    await expect(takeEarly('b')).rejects.toThrow('offline');
  });
});

describe('an early load taken late', () => {
  it('is not handed over once older than its age limit', async () => {
    vi.useFakeTimers();
    try {
      startEarly('c', () => Promise.resolve(1));
      vi.advanceTimersByTime(EARLY_LOAD_MAX_AGE_MS + 1);
      expect(takeEarly('c')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
