// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { track } from './analytics';

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

describe('analytics', () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 201 })));
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    document.cookie = `BEARER=${jwt({ userid: 1, exp: Math.floor(Date.now() / 1000) + 900, roles: ['ROLE_TEACHER'] })}; path=/`;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const sent = () => fetchMock.mock.calls.map((c) => (c as unknown as [string, RequestInit])[1]);

  it('sends the events of a moment together once the page is idle, as plain requests of low priority', async () => {
    track({ name: 'screen_view', screen: 'Class List' });
    track({ name: 'sign_in' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent().map((i) => JSON.parse(String(i.body)) as { name: string })).toMatchObject([{ name: 'screen_view' }, { name: 'sign_in' }]);
    expect(sent().every((i) => i.keepalive === false && i.priority === 'low')).toBe(true);
  });

  it('sends what is left with keepalive when the page is left', async () => {
    track({ name: 'sign_in' });
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.keepalive).toBe(true);
    // Nothing is sent twice when the idle moment comes.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sent()).toHaveLength(1);
  });
});
