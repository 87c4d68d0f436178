import { API_AUTH_PREFIX } from '@skillroom/contract/constants';
import { RATING_PAGE_SIZE } from '@skillroom/contract/rules';
import type { HydraCollection, Rating, RatingCreateBody, RatingPatchBody } from '@skillroom/contract/types';
import { useCallback, useDeferredValue, useMemo } from 'react';
import useSWR, { mutate } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { api, withQuery } from '../../lib/api-client';

/** A place's IRI, as a rating names its students. */
export const placeIri = (id: number) => `${API_AUTH_PREFIX}/teaching-class-student/${id}`;

export const ratingKey = (id: number) => `/rating/${id}`;

export function useRating(id: number | null) {
  return useSWR<Rating>(id ? ratingKey(id) : null);
}

/** Whose ratings a feed shows: a class's, or one student's place (with the whole-class ratings of their class). */
export type FeedFilter = { classId: number } | { placeId: number };

export function feedQuery(filter: FeedFilter, page: number) {
  const by = 'classId' in filter ? { 'teachingClass.id': filter.classId } : { 'students.id': filter.placeId, includeWholeClass: true };
  return withQuery('/ratings', { ...by, page, itemsPerPage: RATING_PAGE_SIZE });
}

const pageKey = (filter: FeedFilter | null) => (index: number, previous: HydraCollection<Rating> | null) => {
  if (!filter) return null;
  if (previous && previous['hydra:member'].length < RATING_PAGE_SIZE) return null;
  return feedQuery(filter, index + 1);
};

/** The SWR key of a feed's pages, as the server's first render fills it (app/screen-reads.ts). */
export const feedKey = (filter: FeedFilter) => unstable_serialize(pageKey(filter));

/** A feed of ratings, newest first, a page at a time (the server sorts). */
export function useRatingFeed(filter: FeedFilter | null) {
  const feed = useSWRInfinite<HydraCollection<Rating>>(pageKey(filter));
  // A page that arrives is drawn in a transition, which React splits into slices of a few milliseconds: SWR's own update
  // renders at once and whole (useSyncExternalStore), and a page of cards so drawn is a long task on a phone. Meanwhile
  // the feed shows what it showed (the previous pages, or "Loading…").
  const data = useDeferredValue(feed.data);
  const pages = useMemo(() => data ?? [], [data]);
  const ratings = useMemo(() => pages.flatMap((p) => p['hydra:member']), [pages]);
  const total = pages[0]?.['hydra:totalItems'] ?? 0;
  const hasMore = pages.length > 0 && ratings.length < total && (pages.at(-1)?.['hydra:member'].length ?? 0) === RATING_PAGE_SIZE;
  const { setSize, isValidating, size } = feed;
  const loadMore = useCallback(() => {
    if (!isValidating) void setSize((n) => n + 1);
  }, [isValidating, setSize]);
  // More is coming only while a page past those here is asked for: the pages here are asked again on mount (a page the
  // server drew came with the first), and that is no reason for a spinner under them.
  return { ...feed, data, ratings, total, hasMore, loadMore, loadingMore: isValidating && size > pages.length };
}

/** The feeds a rating of a class can be in: the class's, and each of its students' (whole-class ratings are in all). */
export const classFeeds = (cls: { id: number; teachingClassStudents?: { id: number }[] }): FeedFilter[] => [
  { classId: cls.id },
  ...(cls.teachingClassStudents ?? []).map((s) => ({ placeId: s.id })),
];

/**
 * After a write, the named feeds are asked again (all their pages), and every cached rating, report and coverage
 * answer (DESIGN §12: who was not observed) is dropped from freshness; other feeds refresh when next shown.
 */
export async function revalidateRatings(feeds: FeedFilter[] = [], deleted?: number) {
  // A deleted rating is dropped from the cache, never asked for again (it would answer 404).
  if (deleted) await mutate(ratingKey(deleted), undefined, { revalidate: false });
  await Promise.all([
    ...feeds.map((f) => mutate(feedKey(f))),
    mutate(
      (key) =>
        typeof key === 'string' &&
        key !== (deleted ? ratingKey(deleted) : null) &&
        /^\/(ratings\?|rating\/|report\/|growth\/|coverage\/)/.test(key),
    ),
  ]);
}

export const createRating = (body: RatingCreateBody) => api<Rating>('/rating', { method: 'POST', body });
export const patchRating = (id: number, body: RatingPatchBody) => api<Rating>(ratingKey(id), { method: 'PATCH', body });
export const deleteRating = (id: number) => api<void>(ratingKey(id), { method: 'DELETE' });
