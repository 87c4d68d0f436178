import type { Rating } from '@skillroom/contract';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading, Spinner } from '../../components/ui/spinner';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { RatingCard } from './rating-card';
import { useRatingFeed, type FeedFilter } from './ratings-api';

interface Props {
  filter: FeedFilter;
  title: ReactNode;
  empty: ReactNode;
  studentNames?: Map<string, string>;
  actionsOf?: (r: Rating) => ReactNode;
}

/** Ratings newest first; the next page loads when the end comes within 250 px (spec §9). */
export function RatingFeed({ filter, title, empty, studentNames, actionsOf }: Props) {
  const feed = useRatingFeed(filter);
  const sentinel = useInfiniteScroll(feed.loadMore, feed.hasMore);
  return (
    <section aria-labelledby="rating-feed-title" className="space-y-4">
      <h2 id="rating-feed-title" className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
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
      ) : feed.ratings.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <>
          <ol className="space-y-4" aria-labelledby="rating-feed-title">
            {feed.ratings.map((r) => (
              <li key={r.id}>
                <RatingCard rating={r} studentNames={studentNames} actions={actionsOf?.(r)} />
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
    </section>
  );
}
