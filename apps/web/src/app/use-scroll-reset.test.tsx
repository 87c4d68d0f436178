// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollReset } from './use-scroll-reset';

afterEach(cleanup);

let navigate: NavigateFunction;
function Probe({ onNavigate }: { onNavigate: (n: NavigateFunction) => void }) {
  const n = useNavigate();
  useEffect(() => {
    onNavigate(n);
  }, [n, onNavigate]);
  useScrollReset(useLocation().pathname);
  return null;
}

describe('useScrollReset', () => {
  const scrollTo = vi.fn();
  beforeEach(() => {
    scrollTo.mockReset();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    render(
      <MemoryRouter initialEntries={['/']}>
        <Probe onNavigate={(n) => (navigate = n)} />
      </MemoryRouter>,
    );
  });

  it('leaves the first screen where the browser put it', () => {
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('starts a screen opened by a link or a redirect at its top', async () => {
    await act(() => navigate('/teaching-class/2'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockReset();
    await act(() => navigate('/student/5', { replace: true }));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the place on a change of the query alone, and on back and forward', async () => {
    await act(() => navigate('/?page=2'));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => navigate('/notifications'));
    scrollTo.mockReset();
    await act(() => navigate(-1));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
