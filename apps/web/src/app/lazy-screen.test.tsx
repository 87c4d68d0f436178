// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen, useScreensLoaded, type LazyScreen } from './lazy-screen';
import { RouteErrorBoundary } from './route-error';

afterEach(cleanup);

describe('lazyScreen', () => {
  it('loads once whoever asks first, and asks again after a failed load', async () => {
    const Screen = () => <p>loaded</p>;
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Screen);
    const s = lazyScreen(load);
    await expect(s.preload()).rejects.toThrow('offline');
    await expect(s.preload()).resolves.toBe(Screen);
    render(
      <Suspense fallback={null}>
        <s.Component />
      </Suspense>,
    );
    expect(await screen.findByText('loaded')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders a screen whose code has arrived at once, without suspending (React would reveal it 300 ms late)', async () => {
    const s = lazyScreen(() => Promise.resolve(() => <p>here</p>));
    expect(s.loaded()).toBe(false);
    await s.preload();
    expect(s.loaded()).toBe(true);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <s.Component />
      </Suspense>,
    );
    // In the same render, with no fallback in between.
    expect(screen.getByText('here')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('suspends while the code is on its way', async () => {
    let arrive: (c: () => ReactNode) => void = () => undefined;
    const s = lazyScreen(() => new Promise((r) => (arrive = r)));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <s.Component />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    arrive(() => <p>arrived</p>);
    expect(await screen.findByText('arrived')).toBeTruthy();
  });
});

describe('useScreensLoaded', () => {
  function Gate({ screens }: { screens: LazyScreen[] }) {
    const loaded = useScreensLoaded(screens);
    if (!loaded) return <p>loading</p>;
    const Screen = screens[0]!.Component;
    return <Screen />;
  }

  it('waits for the code without suspending, then renders the screen', async () => {
    const screens = [lazyScreen(() => Promise.resolve(() => <p>dashboard</p>))];
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Gate screens={screens} />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('lets a screen whose code failed render, so that its error boundary shows the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const screens = [lazyScreen(() => Promise.reject(new Error('offline')))];
    const messages = { web_error_title: 'Something went wrong', web_error_body: 'b', web_common_retry: 'r' };
    render(
      <IntlProvider locale="en" messages={messages}>
        <RouteErrorBoundary resetKey="/">
          <Suspense fallback={<p>fallback</p>}>
            <Gate screens={screens} />
          </Suspense>
        </RouteErrorBoundary>
      </IntlProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});

describe('RouteErrorBoundary', () => {
  it('shows the error screen in place of one that threw, and the next address again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('boom');
    };
    const page = (at: string, child: ReactNode) => (
      <IntlProvider locale="en" messages={{ web_error_title: 'Something went wrong', web_error_body: 'b', web_common_retry: 'r' }}>
        <RouteErrorBoundary resetKey={at}>{child}</RouteErrorBoundary>
      </IntlProvider>
    );
    const { rerender } = render(page('/a', <Broken />));
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    rerender(page('/b', <p>fine</p>));
    expect(screen.getByText('fine')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
