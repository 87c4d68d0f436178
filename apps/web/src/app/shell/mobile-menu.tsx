import { MOBILE_MENU_CLOSE_DELAY_MS } from '@skillroom/contract/constants';
import type { User } from '@skillroom/contract/types';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { usePopup } from './use-popup';
import { useUnreadConversations } from '../../features/messages/api/messages-api';
import { MessagesNavLabel, UnreadBadge } from '../../features/messages/components/messages-nav-label';

const item = 'block w-full rounded-md px-3 py-3 text-left text-base text-slate-800 hover:bg-slate-100';

/**
 * The mobile menu (spec §2): Dashboard, the user, Edit profile, Sign out; closes 200 ms after a click. Closed, its
 * button still shows how many conversations wait to be read (the Messages link with the count is inside it), and says
 * so in its name: "Menu, 2 conversations with unread messages". The bell beside it shows its own count.
 */
export function MobileMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const intl = useIntl();
  const { open, setOpen, ref, panelId, toggle } = usePopup();
  const unread = useUnreadConversations();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const closeSoon = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(false), MOBILE_MENU_CLOSE_DELAY_MS);
  };

  return (
    <div className="md:hidden" ref={ref}>
      <button
        {...toggle}
        className="inline-flex min-h-10 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800"
        // The visible word starts the name (WCAG 2.5.3), the count follows it.
        aria-label={intl.formatMessage({ id: 'web_shell_menu_unread' }, { count: unread })}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
          <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
        </svg>
        <FormattedMessage id="web_shell_menu" />
        {unread > 0 && <UnreadBadge count={unread} testId="menu-messages-badge" className="-ml-0.5" />}
      </button>
      {open && (
        <nav
          id={panelId}
          className="absolute inset-x-0 top-full z-30 border-b border-slate-200 bg-white p-3 shadow-lg"
          aria-label={intl.formatMessage({ id: 'web_shell_menu' })}
        >
          <Link to="/" className={item} onClick={closeSoon}>
            <FormattedMessage id="web_shell_dashboard" />
          </Link>
          <Link to="/messages" className={item} onClick={closeSoon}>
            <MessagesNavLabel />
          </Link>
          <div className="flex items-center gap-3 px-3 py-3 text-base font-medium">
            <Avatar media={user.avatar} name={`${user.firstName} ${user.lastName}`} />
            <span>{user.firstName}</span>
          </div>
          <Link to="/profile/edit" className={item} onClick={closeSoon}>
            <FormattedMessage id="web_shell_edit_profile" />
          </Link>
          <button
            type="button"
            className={item}
            onClick={() => {
              closeSoon();
              onSignOut();
            }}
          >
            <FormattedMessage id="web_shell_sign_out" />
          </button>
        </nav>
      )}
    </div>
  );
}
