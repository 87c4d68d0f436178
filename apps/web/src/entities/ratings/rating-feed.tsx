import type { Rating, RatingReactionSummary } from '@skillroom/contract/types';
import { memo, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading, Spinner } from '../../components/ui/spinner';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { groupObservations } from './observations';
import { RatingCard, showsPhoto } from './rating-card';
import { RatingFeedback } from './rating-feedback';
import { useReactions } from './reactions-api';
import type { WaitingRatingsProps } from './rating-capture';
import { useRatingFeed, type FeedFilter } from './ratings-api';

interface Props {
  filter: FeedFilter;
  title: ReactNode;
  empty: ReactNode;
  studentNames?: Map<string, string>;
  /** What the viewer may do with one observation (its ratings). */
  actionsOf?: (group: Rating[]) => ReactNode;
  /** An observation just saved: scrolled into view, focused and marked when it shows. */
  highlight?: string | null;
  /** The saves waiting on this device for this feed, drawn at its top (the capture's, lent by the app's routes). */
  waiting?: ComponentType<WaitingRatingsProps>;
  /** The feed is in the screen's first view: its first photo is fetched at once, ahead of other pictures. */
  priority?: boolean;
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
 * One card, drawn again only when its ratings, names or actions change: each next page and each change of the screen
 * around the feed (the sheet opening, a save) would otherwise draw every card already shown (a long task on a phone).
 * A page that loads builds its groups afresh, so they are compared rating by rating (SWR keeps an unchanged rating the
 * same object).
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
export function RatingFeed({ filter, title, empty, studentNames, actionsOf, highlight, waiting: Waiting, priority = false }: Props) {
  const feed = useRatingFeed(filter);
  const groups = useMemo(() => groupObservations(feed.ratings), [feed.ratings]);
  // A page of cards at a time (the API pages the feed); cards off screen are neither laid out nor painted (below).
  const sentinel = useInfiniteScroll(feed.loadMore, feed.hasMore);
  const [waiting, setWaiting] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => [groups, waiting], [groups, waiting]);
  useHighlight(list, highlight, shown);
  const firstPhoto = priority ? groups.findIndex(showsPhoto) : -1;
  const feedbackIds = useMemo(() => groups.map((g) => feedbackRating(g).id), [groups]);
  const reactions = useReactions(feedbackIds);
  return (
    <section aria-labelledby="rating-feed-title" className="space-y-4">
      <h2 id="rating-feed-title" className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div ref={list} className="space-y-4">
        {Waiting && <Waiting filter={filter} ratings={feed.ratings} onCount={setWaiting} />}
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
          waiting === 0 && <EmptyState>{empty}</EmptyState>
        ) : (
          <>
            <ol className="space-y-4" aria-labelledby="rating-feed-title">
              {groups.map((g, i) => (
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
