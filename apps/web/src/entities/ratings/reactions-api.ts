import type { HydraCollection, RatingReactionSummary } from '@skillroom/contract/types';
import useSWR, { mutate } from 'swr';
import { api, withQuery } from '../../lib/api-client';

/** The ratings whose hearts and comments a feed shows: one request for every card loaded (DESIGN §11). */
export const reactionsKey = (ratingIds: number[]) =>
  ratingIds.length ? withQuery('/rating-reactions', { 'rating.id': ratingIds, itemsPerPage: ratingIds.length }) : null;

export function useReactions(ratingIds: number[]) {
  const key = reactionsKey(ratingIds);
  // The key grows with each page of the feed: the cards already shown keep their hearts and comments while the longer
  // list loads, instead of every bar going (a jump on screen, and a keyboard user's focus on a heart lost with it).
  const res = useSWR<HydraCollection<RatingReactionSummary>>(key, { keepPreviousData: true });
  const byRating = new Map((res.data?.['hydra:member'] ?? []).map((s) => [s.rating, s]));
  return { byRating, key };
}

export const commentsKey = (ratingId: number) => withQuery('/rating-comments', { 'rating.id': ratingId, itemsPerPage: 100 });

/** Every list of hearts and comment counts asked again (a feed's key holds many ratings). */
export const refreshReactions = () => mutate((k) => typeof k === 'string' && k.startsWith('/rating-reactions'));

export async function setHeart(ratingId: number, on: boolean) {
  await api(`/rating/${ratingId}/reaction`, { method: on ? 'POST' : 'DELETE' });
  await refreshReactions();
}
