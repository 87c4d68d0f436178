import type { Rating, RatingReactionSummary } from '@skillroom/contract/types';
import { memo, useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading, Spinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../../lib/current-user';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useRenderedCount } from '../../lib/use-rendered-count';
import { groupObservations } from './observations';
import { RatingCard, showsPhoto } from './rating-card';
import { RatingFeedback } from './rating-feedback';
import { useReactions } from './reactions-api';
import type { OutboxItem } from './outbox-store';
import { useRatingFeed, type FeedFilter } from './ratings-api';
import { useOutboxItems } from './use-outbox';
import { WaitingCard } from './waiting-card';

interface Props {
  filter: FeedFilter;
  title: ReactNode;
  empty: ReactNode;
  studentNames?: Map<string, string>;
  /** What the viewer may do with one observation (its ratings). */
  actionsOf?: (group: Rating[]) => ReactNode;
  /** An observation just saved: scrolled into view, focused and marked when it shows. */
  highlight?: string | null;
}

const MARK_MS = 2500;

/**
 * A card is keyed by its observation, so that an edit that adds or drops an action keeps the same element (and its
 * focus); an observation split by a rating saved in between keeps its first card's key, its later ones their own.
 */
const cardKey = (groups: Rating[][], i: number) => {
  const g = groups[i]!;
  const again = groups.slice(0, i).some((x) => x[0]!.observation === g[0]!.observation);
  return again ? `${g[0]!.observation}-${g[0]!.id}` : g[0]!.observation;
};

/**
 * Scrolls to the observation just saved when its card shows, focuses it and marks it for a moment. The mark is set on
 * the element itself (a data attribute the card's style reads), so the feed does not render again for it.
 */
function useHighlight(list: RefObject<HTMLElement | null>, highlight: string | null | undefined, shown: unknown) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!highlight || done.current === highlight) return;
    const card = list.current?.querySelector<HTMLElement>(`[data-observation="${CSS.escape(highlight)}"]`);
    if (!card) return;
    done.current = highlight;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
    card.dataset.marked = 'true';
    setTimeout(() => delete card.dataset.marked, MARK_MS);
  }, [list, highlight, shown]);
}

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
    const waiting = items.filter((i) => i.state === 'waiting' && inFeed(i, filter));
    if (!waiting.length) return waiting;
    const shown = new Set(ratings.map((r) => r.observation));
    return waiting.filter((i) => !shown.has(i.observation)).reverse();
  }, [items, filter, ratings]);
}

type CardProps = { group: Rating[]; priority: boolean; summary: RatingReactionSummary | undefined } & Pick<
  Props,
  'studentNames' | 'actionsOf'
>;

/** The rating of an observation that its hearts and comments are on: its first (as its notices are, DESIGN §11). */
const feedbackRating = (group: Rating[]) => group.reduce((a, r) => (r.id < a.id ? r : a), group[0]!);

const sameSummary = (a: RatingReactionSummary | undefined, b: RatingReactionSummary | undefined) =>
  a === b || (!!a && !!b && JSON.stringify(a) === JSON.stringify(b));

const sameRatings = (a: Rating[], b: Rating[]) => a.length === b.length && a.every((r, i) => r === b[i]);

/**
 * One card, drawn again only when its ratings, names or actions change: each step of the first render, each next page
 * and each change of the screen around the feed would otherwise draw every card already shown (a page of cards is a
 * long task on a phone). A page that loads builds its groups afresh, so they are compared rating by rating (SWR keeps
 * an unchanged rating the same object).
 */
const FeedCard = memo(
  function FeedCard({ group, studentNames, actionsOf, priority, summary }: CardProps) {
    const feedback = summary ? <RatingFeedback ratingId={feedbackRating(group).id} summary={summary} /> : undefined;
    return <RatingCard group={group} studentNames={studentNames} actions={actionsOf?.(group)} priority={priority} feedback={feedback} />;
  },
  (a, b) =>
    a.studentNames === b.studentNames &&
    a.actionsOf === b.actionsOf &&
    a.priority === b.priority &&
    sameSummary(a.summary, b.summary) &&
    sameRatings(a.group, b.group),
);

/** Ratings newest first, one card per observation; the next page loads when the end comes within 250 px (spec §9). */
export function RatingFeed({ filter, title, empty, studentNames, actionsOf, highlight }: Props) {
  const intl = useIntl();
  const feed = useRatingFeed(filter);
  const groups = useMemo(() => groupObservations(feed.ratings), [feed.ratings]);
  // The first cards at once, the rest in idle moments (no long task on a phone); all of them when one is to be shown.
  const rendered = useRenderedCount(groups.length, { all: Boolean(highlight) });
  // The next page is asked for only once this one is all on the page (the sentinel would otherwise sit right below the first cards).
  const sentinel = useInfiniteScroll(feed.loadMore, feed.hasMore && rendered === groups.length);
  const waiting = useWaiting(filter, feed.ratings);
  const list = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => [groups, waiting], [groups, waiting]);
  useHighlight(list, highlight, shown);
  const firstPhoto = groups.findIndex(showsPhoto);
  const feedbackIds = useMemo(() => groups.map((g) => feedbackRating(g).id), [groups]);
  const reactions = useReactions(feedbackIds);
  return (
    <section aria-labelledby="rating-feed-title" className="space-y-4">
      <h2 id="rating-feed-title" className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div ref={list} className="space-y-4">
        {waiting.length > 0 && (
          <ol className="space-y-4" aria-label={intl.formatMessage({ id: 'web_outbox_title' })}>
            {waiting.map((item) => (
              <li key={item.id}>
                <WaitingCard item={item} />
              </li>
            ))}
          </ol>
        )}
        {feed.error && !feed.data ? (
          <div className="space-y-3">
            <Alert>
              <FormattedMessage id="web_common_fetch_failed" />
            </Alert>
            <Button variant="secondary" onClick={() => void feed.mutate()}>
              <FormattedMessage id="web_common_retry" />
            </Button>
          </div>
        ) : !feed.data ? (
          <Loading />
        ) : groups.length === 0 ? (
          waiting.length === 0 && <EmptyState>{empty}</EmptyState>
        ) : (
          <>
            <ol className="space-y-4" aria-labelledby="rating-feed-title">
              {groups.slice(0, rendered).map((g, i) => (
                // Off-screen cards are neither laid out nor painted until they come near (about a card's height kept for each).
                <li key={cardKey(groups, i)} className="[contain-intrinsic-size:auto_16rem] [content-visibility:auto]">
                  <FeedCard
                    group={g}
                    studentNames={studentNames}
                    actionsOf={actionsOf}
                    priority={i === firstPhoto}
                    summary={reactions.byRating.get(`/api/auth/v1/rating/${feedbackIds[i]}`)}
                  />
                </li>
              ))}
            </ol>
            <div ref={sentinel} aria-hidden="true" />
            {feed.loadingMore && (
              <div className="flex justify-center text-teal-700" role="status">
                <Spinner />
                <span className="sr-only">
                  <FormattedMessage id="web_common_loading" />
                </span>
              </div>
            )}
            {!feed.hasMore && feed.ratings.length > 3 && (
              <p className="text-center text-sm text-slate-600">
                <FormattedMessage id="web_rating_feed_end" values={{ count: feed.total }} />
              </p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
