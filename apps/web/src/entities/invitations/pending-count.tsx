import { FormattedMessage } from 'react-intl';

/** How many requests wait, beside the link to where they are answered (nothing when none). */
export function PendingCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
      <FormattedMessage id="web_invitation_pending_count" values={{ count }} />
    </span>
  );
}
