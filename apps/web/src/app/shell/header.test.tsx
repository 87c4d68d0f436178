// @vitest-environment jsdom
import type { User } from '@skillroom/contract/types';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREAD_CONVERSATIONS_KEY } from '../../features/messages/api/messages-api';
import { webMessages } from '../../lib/web-texts.testing';
import { Header } from './header';

// The outbox as the header sees it at sign-out: what waits for this user.
const waiting = vi.hoisted(() => ({ items: [] as unknown[] }));
vi.mock('../../entities/outbox/outbox-store', () => ({
  listOutbox: async () => waiting.items,
  onOutboxChange: () => () => undefined,
}));

const user = { id: 1, firstName: 'Maria', lastName: 'Lopez', avatar: null, hasSubscription: false } as unknown as User;
// Message ids stand in for texts: the test is about behaviour, the translations have their own test.
const renderHeader = (u: User = user, onSignOut = vi.fn()) =>
  render(
    <IntlProvider locale="en" messages={{}} onError={() => undefined}>
      <MemoryRouter>
        <Header user={u} onSignOut={onSignOut} />
      </MemoryRouter>
    </IntlProvider>,
  );

/** The header in a locale, with `unread` conversations waiting (the count the API answers; nothing else arrives). */
const renderWithUnread = (locale: string, unread: number) =>
  render(
    <IntlProvider locale={locale} messages={webMessages(locale)} onError={() => undefined}>
      <SWRConfig
        value={{
          provider: () => new Map(),
          fallback: { [UNREAD_CONVERSATIONS_KEY]: { 'hydra:member': [], 'hydra:totalItems': unread } },
          fetcher: () => new Promise(() => undefined),
        }}
      >
        <MemoryRouter>
          <Header user={user} onSignOut={vi.fn()} />
        </MemoryRouter>
      </SWRConfig>
    </IntlProvider>,
  );

describe('header (spec §2)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the standard logo, or its variant for a user with a subscription', () => {
    renderHeader();
    expect(screen.getByRole('img', { name: 'web_shell_logo' }).getAttribute('data-variant')).toBe('standard');
    cleanup();
    renderHeader({ ...user, hasSubscription: true });
    expect(screen.getByRole('img', { name: 'web_shell_logo_pro' }).getAttribute('data-variant')).toBe('subscription');
  });

  it('closes the user dropdown on a click outside it', () => {
    renderHeader();
    const toggle = screen.getAllByRole('button', { expanded: false }).find((b) => b.textContent?.includes('Maria'))!;
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByText('web_shell_edit_profile')).toHaveLength(1);
    fireEvent.mouseDown(document.body);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the mobile menu 200 ms after a click in it', () => {
    vi.useFakeTimers();
    renderHeader();
    const menu = screen.getByRole('button', { name: /web_shell_menu/ });
    fireEvent.click(menu);
    const link = screen.getByRole('navigation', { name: 'web_shell_menu' }).querySelector('a[href="/"]')!;
    fireEvent.click(link);
    act(() => vi.advanceTimersByTime(199));
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });

  const signOutFromDropdown = (onSignOut: Parameters<typeof renderHeader>[1]) => {
    renderHeader(user, onSignOut);
    fireEvent.click(screen.getAllByRole('button').find((b) => b.textContent?.includes('Maria'))!);
    fireEvent.click(screen.getAllByRole('button', { name: 'web_shell_sign_out' })[0]!);
  };

  it('signs out from the dropdown', async () => {
    waiting.items = [];
    const onSignOut = vi.fn();
    signOutFromDropdown(onSignOut);
    await waitFor(() => expect(onSignOut).toHaveBeenCalledOnce());
  });

  it('asks before signing out while saves wait on this device, and stays when the user says no', async () => {
    waiting.items = [{ id: 'a' }, { id: 'b' }];
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const onSignOut = vi.fn();
    signOutFromDropdown(onSignOut);
    await waitFor(() => expect(confirm).toHaveBeenCalledOnce());
    expect(onSignOut).not.toHaveBeenCalled();
    cleanup();
    signOutFromDropdown(onSignOut);
    await waitFor(() => expect(onSignOut).toHaveBeenCalledOnce());
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });

  // DESIGN §11: on a phone the Messages link is inside the closed menu, so the menu's button carries the count.
  it.each([
    ['en', 'Menu', 'Menu, 2 conversations with unread messages', 'Menu, 1 conversation with unread messages'],
    ['es', 'Menú', 'Menú, 2 conversaciones con mensajes sin leer', 'Menú, 1 conversación con mensajes sin leer'],
    ['zh-HK', '選單', '選單，2 個對話有未讀訊息', '選單，1 個對話有未讀訊息'],
  ])('shows the unread conversations on the closed menu button, and says them in its name, in %s', (locale, word, two, one) => {
    renderWithUnread(locale, 2);
    const menu = screen.getByRole('button', { name: two });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(menu.textContent).toBe(`${word}2`);
    expect(screen.getByTestId('menu-messages-badge').textContent).toBe('2');
    expect(screen.getByTestId('menu-messages-badge').getAttribute('aria-hidden')).toBe('true');
    cleanup();
    renderWithUnread(locale, 1);
    expect(screen.getByRole('button', { name: one })).toBeTruthy();
    cleanup();
    renderWithUnread(locale, 12);
    expect(screen.getByTestId('menu-messages-badge').textContent).toBe('9+');
    cleanup();
    // Nothing unread: the button is its word alone, with no badge.
    renderWithUnread(locale, 0);
    expect(screen.getByRole('button', { name: word }).textContent).toBe(word);
    expect(screen.queryByTestId('menu-messages-badge')).toBeNull();
  });
});
