// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationStream } from './use-notification-stream';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  listeners = new Map<string, (e: MessageEvent) => void>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, lastEventId: string, data = '{}') {
    this.listeners.get(type)?.(new MessageEvent(type, { data, lastEventId }));
  }
}

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

describe('notification stream', () => {
  beforeEach(() => {
    FakeEventSource.all = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    document.cookie = `BEARER=${jwt({ userid: 1, exp: Math.floor(Date.now() / 1000) + 900 })}; path=/`;
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens the stream with the cookie, refreshes on each event, and comes back after the last event it saw', async () => {
    const onEvent = vi.fn();
    const { unmount } = renderHook(() => useNotificationStream(true, onEvent));
    await act(async () => vi.advanceTimersByTimeAsync(0));
    // Not before the page is idle (jsdom has no requestIdleCallback: a short wait after the load stands in).
    expect(FakeEventSource.all).toHaveLength(0);
    await act(async () => vi.advanceTimersByTimeAsync(2_000));
    const first = FakeEventSource.all[0]!;
    expect(first.url).toBe('/api/auth/v1/notifications/stream');
    expect(first.init).toEqual({ withCredentials: true });
    // Opened, it reads again what may have changed since the page's own reads (nothing replays those).
    first.onopen?.();
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenLastCalledWith(null);
    onEvent.mockClear();

    first.emit('notification', '41', JSON.stringify({ id: 41, notificationType: 8 }));
    expect(onEvent).toHaveBeenCalledTimes(1);
    // The notification's type goes with it (the dashboard reads its classes again on 5 and 8).
    expect(onEvent).toHaveBeenLastCalledWith(8);
    first.emit('notification', '42', 'not json');
    expect(onEvent).toHaveBeenLastCalledWith(null);

    // The server ends the stream (the token's expiry): it comes back with the last id, and reads what it missed.
    first.onerror?.();
    expect(first.closed).toBe(true);
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    const second = FakeEventSource.all[1]!;
    expect(second.url).toBe('/api/auth/v1/notifications/stream?lastEventId=42');
    second.onopen?.();
    expect(onEvent).toHaveBeenCalledTimes(3);

    unmount();
    expect(second.closed).toBe(true);
  });

  it('opens nothing while no user is loaded', async () => {
    renderHook(() => useNotificationStream(false, vi.fn()));
    await act(async () => vi.advanceTimersByTimeAsync(5_000));
    expect(FakeEventSource.all).toHaveLength(0);
  });
});
