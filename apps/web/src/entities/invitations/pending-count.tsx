import { FormattedMessage } from 'react-intl';

/**
 * How many requests wait, on the corner of the link to where they are answered (nothing when none). The count arrives
 * after the link is drawn: laid over the corner, it never widens the link, so the buttons beside it do not wrap and
 * jump (a layout shift of 0.085 on a phone's class page when it took its own room). The words are for screen readers.
 */
const badge =
  'absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-amber-700 px-1.5 text-xs font-bold text-white ' +
  'ring-2 ring-white';

export function PendingCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <>
      <span aria-hidden="true" className={badge}>
        {count}
      </span>
      <span className="sr-only">
        {' '}
        <FormattedMessage id="web_invitation_pending_count" values={{ count }} />
      </span>
    </>
  );
}
