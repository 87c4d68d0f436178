import { badgeText } from '@skillroom/contract/rules';
import { FormattedMessage } from 'react-intl';
import { useUnreadConversations } from '../api/messages-api';

/**
 * "Messages" in the header and the menu, with how many conversations hold a message the reader has not read (DESIGN
 * §11 "unread counts in the header"); read out as "Messages, 2 unread".
 */
export function MessagesNavLabel() {
  const count = useUnreadConversations();
  return (
    <>
      <FormattedMessage id="web_messages_title" />
      {count > 0 && (
        <>
          <UnreadBadge count={count} testId="messages-badge" className="ml-1.5" />
          <span className="sr-only">
            , <FormattedMessage id="web_messages_unread" values={{ count }} />
          </span>
        </>
      )}
    </>
  );
}

/** The count (9+ above 9) as a red badge, for the eye: the link or button it sits in says the count in its name. */
export function UnreadBadge({ count, testId, className }: { count: number; testId: string; className: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={`${className} inline-block min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white`}
    >
      {badgeText(count)}
    </span>
  );
}
