// @vitest-environment jsdom
import type { Notification } from '@skillroom/contract/types';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LATEST_KEY, UNREAD_KEY } from '../../entities/notifications/notifications-api';
import { NotificationBell } from './notification-bell';

const messages = {
  web_notifications_bell: '{count, plural, =0 {Notifications} one {Notifications, {count} unread} other {Notifications, {count} unread}}',
};
const item = (id: number, over: Partial<Notification> = {}): Notification =>
  ({
    id,
    title: `Title ${id}`,
    message: `Message ${id}`,
    isRead: false,
    notificationType: 4,
    entityType: 15,
    entityId: id,
    path: '/teaching-class/3/teachers',
    created: '2026-11-23T10:00:00Z',
    ...over,
  }) as Notification;
const page = (members: Notification[], total = members.length) => ({ 'hydra:member': members, 'hydra:totalItems': total });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderBell(unread: number, latest: Notification[]) {
  return render(
    <IntlProvider locale="en" messages={messages} onError={() => undefined}>
      <SWRConfig
        value={{
          provider: () => new Map(),
          fallback: { [UNREAD_KEY]: page([], unread), [LATEST_KEY]: page(latest) },
          fetcher: () => new Promise(() => undefined),
        }}
      >
        <MemoryRouter>
          <NotificationBell />
          <Where />
        </MemoryRouter>
      </SWRConfig>
    </IntlProvider>,
  );
}

describe('notification bell (spec §2)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the unread count, 9+ above 9, and says it in its name', () => {
    renderBell(12, []);
    expect(screen.getByTestId('notification-badge').textContent).toBe('9+');
    expect(screen.getByRole('button', { name: 'Notifications, 12 unread' })).toBeTruthy();
    cleanup();
    renderBell(3, []);
    expect(screen.getByTestId('notification-badge').textContent).toBe('3');
  });

  it('shows no badge with nothing unread', () => {
    renderBell(0, []);
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('lists the latest in its dropdown with a link to them all, and closes on Escape', () => {
    renderBell(2, [item(1), item(2, { isRead: true })]);
    const bell = screen.getByRole('button', { name: /Notifications/ });
    fireEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: /Title 1/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'web_notifications_show_all' }).getAttribute('href')).toBe('/notifications');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });

  it('marks a clicked notification read and opens its screen', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(item(1, { isRead: true })), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    renderBell(1, [item(1)]);
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    fireEvent.click(screen.getByRole('button', { name: /Title 1/ }));
    expect(screen.getByTestId('where').textContent).toBe('/teaching-class/3/teachers');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/v1/notification/1');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ isRead: true });
  });

  it('only logs a failure to mark read, and a removal opens nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    renderBell(1, [item(1, { notificationType: 3, entityType: 13, path: null })]);
    fireEvent.click(screen.getByRole('button', { name: /Notifications/ }));
    fireEvent.click(screen.getByRole('button', { name: /Title 1/ }));
    expect(screen.getByTestId('where').textContent).toBe('/');
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('You are not authorized to manage this teaching class student.', expect.anything()),
    );
    error.mockRestore();
  });
});
