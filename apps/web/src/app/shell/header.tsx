import type { User } from '@skillroom/contract/types';
import { lazy, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { MobileMenu } from './mobile-menu';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';
import { MessagesNavLabel } from '../../features/messages/components/messages-nav-label';

// Shown only when saves wait on this device, after the first screen: no screen's first load carries the outbox.
const OutboxButton = lazy(() => import('./outbox-button'));

/** The header of spec §2; the logo variant marks a user with at least one subscription. */
export function Header({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const intl = useIntl();
  const pro = Boolean(user.hasSubscription);
  // Saves still waiting hold notes and photos of children: signing out keeps them on this device (for this user only),
  // so the user is told before leaving. The store loads only now, not with the header.
  const signOut = async () => {
    let waiting = 0;
    try {
      waiting = (await (await import('../../entities/outbox/outbox-store')).listOutbox(user.id)).length;
    } catch {
      // No IndexedDB here (an old browser's private window): nothing can be waiting.
    }
    if (waiting > 0 && !window.confirm(intl.formatMessage({ id: 'web_outbox_sign_out_confirm' }, { count: waiting }))) return;
    onSignOut();
  };
  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-6">
          <Link to="/" className="rounded">
            <Logo label={intl.formatMessage({ id: pro ? 'web_shell_logo_pro' : 'web_shell_logo' })} pro={pro} height={32} />
          </Link>
          <nav className="hidden md:block" aria-label={intl.formatMessage({ id: 'web_shell_main_nav' })}>
            <NavLink
              to="/"
              end
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100'}`
              }
            >
              <FormattedMessage id="web_shell_dashboard" />
            </NavLink>
            <NavLink
              to="/messages"
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100'}`
              }
            >
              <MessagesNavLabel />
            </NavLink>
          </nav>
        </div>
        <div className="flex items-center gap-2">
          <Suspense fallback={null}>
            <OutboxButton userId={user.id} />
          </Suspense>
          <NotificationBell />
          <div className="hidden md:block">
            <UserMenu user={user} onSignOut={() => void signOut()} />
          </div>
          <MobileMenu user={user} onSignOut={() => void signOut()} />
        </div>
      </div>
    </header>
  );
}
