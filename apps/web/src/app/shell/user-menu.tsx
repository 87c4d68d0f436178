import type { User } from '@skillroom/contract/types';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { usePopup } from './use-popup';

const item = 'block w-full px-4 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 focus-inset';

/** Desktop user dropdown (spec §2): avatar, first name, Edit profile, Sign out; closes on an outside click. */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const { open, setOpen, ref, panelId, toggle } = usePopup();

  return (
    <div className="relative" ref={ref}>
      <button
        {...toggle}
        className="flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100"
      >
        {/* Lazy: the menu is hidden under 768 px, where an eager picture would load for nothing; in view it loads at once. */}
        <Avatar media={user.avatar} name={`${user.firstName} ${user.lastName}`} />
        <span>{user.firstName}</span>
        <span className="sr-only">
          <FormattedMessage id="web_shell_account_menu" />
        </span>
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-48 overflow-hidden rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          <Link to="/profile/edit" className={item} onClick={() => setOpen(false)}>
            <FormattedMessage id="web_shell_edit_profile" />
          </Link>
          <button type="button" className={item} onClick={onSignOut}>
            <FormattedMessage id="web_shell_sign_out" />
          </button>
        </div>
      )}
    </div>
  );
}
