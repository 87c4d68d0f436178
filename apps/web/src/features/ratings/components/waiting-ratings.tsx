import type { Rating } from '@skillroom/contract/types';
import { useLayoutEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { WaitingRatingsProps } from '../../../entities/ratings/rating-capture';
import type { FeedFilter } from '../../../entities/ratings/ratings-api';
import { useCurrentUser } from '../../../lib/current-user';
import { useOutboxItems } from '../../../entities/outbox/use-outbox';
import { isRatingItem, type OutboxItem } from '../api/outbox-item';
import { WaitingCard } from './waiting-card';

/** Whether a waiting save belongs in a feed: its class's, or the page of a student it rates. */
const inFeed = (item: OutboxItem, filter: FeedFilter) =>
  'classId' in filter ? item.classId === filter.classId : item.studentIds.includes(filter.placeId);

/**
 * The user's saves still waiting on this device for a feed, newest first (issue 36 §11). One the feed already holds
 * (sent, its card arrived, not yet taken out of the outbox) is left out; refused ones stay in the header's list only.
 */
function useWaiting(filter: FeedFilter, ratings: Rating[]): OutboxItem[] {
  const items = useOutboxItems(useCurrentUser().user?.id ?? null);
  return useMemo(() => {
    const waiting = items.filter(isRatingItem).filter((i) => i.state === 'waiting' && inFeed(i, filter));
    if (!waiting.length) return waiting;
    const shown = new Set(ratings.map((r) => r.observation));
    return waiting.filter((i) => !shown.has(i.observation)).reverse();
  }, [items, filter, ratings]);
}

/** A feed's waiting saves, above its cards (the feed's `waiting` slot, lent by the app's routes). */
export function WaitingRatings({ filter, ratings, onCount }: WaitingRatingsProps) {
  const intl = useIntl();
  const waiting = useWaiting(filter, ratings);
  // Before the paint: the feed's "nothing yet" never shows beside a waiting card.
  useLayoutEffect(() => onCount(waiting.length), [onCount, waiting.length]);
  if (!waiting.length) return null;
  return (
    <ol className="space-y-4" aria-label={intl.formatMessage({ id: 'web_outbox_title' })}>
      {waiting.map((item) => (
        <li key={item.id}>
          <WaitingCard item={item} />
        </li>
      ))}
    </ol>
  );
}
