// @vitest-environment jsdom
import type { Rating } from '@skillroom/contract/types';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect, type ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import type { WaitingRatingsProps } from './rating-capture';
import { RatingFeed } from './rating-feed';

const skill = { id: 4, name: 'Teamwork', translationKey: null, colorCode: '#1a7f5a', avatar: null };
const rating = (id: number) =>
  ({
    id,
    observation: `obs-${id}`,
    date: '2026-10-05',
    points: 3,
    description: null,
    learningSkill: skill,
    learningAction: null,
    creator: null,
    students: [],
    isWholeClass: true,
    medias: [],
  }) as unknown as Rating;

// A busy machine renders slowly; the first render is what is checked, not how soon it comes.
const slow = { timeout: 10_000 };

const page = (ratings: Rating[]) => ({ 'hydra:member': ratings, 'hydra:totalItems': ratings.length });

/** A waiting slot that says it shows `count` saves (the capture's, features/ratings, stands behind it in the app). */
const waitingOf = (count: number) =>
  function Waiting({ onCount }: WaitingRatingsProps) {
    useLayoutEffect(() => onCount(count), [onCount]);
    return count ? <p>waiting saves</p> : null;
  };

const show = (ratings: Rating[], waiting?: ComponentType<WaitingRatingsProps>) =>
  render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fetcher: async (key: string) => (key.startsWith('/ratings?') ? page(ratings) : page([])),
      }}
    >
      <IntlProvider locale="en" messages={{}} onError={() => undefined}>
        <RatingFeed filter={{ classId: 1 }} title="Feed" empty="Nothing yet" waiting={waiting} />
      </IntlProvider>
    </SWRConfig>,
  );

describe('rating feed', () => {
  afterEach(cleanup);

  it('draws every card of the page it has at once (the API pages the feed; no staging)', async () => {
    show(Array.from({ length: 12 }, (_, i) => rating(i + 1)));
    // All of them as soon as any shows: a feed that staged its cards showed 5 first, the rest in idle moments.
    expect(await screen.findAllByRole('article', {}, slow)).toHaveLength(12);
  });

  it('says it is empty only when no save waits for it either', async () => {
    show([], waitingOf(1));
    await screen.findByText('waiting saves', {}, slow);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), slow);
    expect(screen.queryByText('Nothing yet')).toBeNull();
    cleanup();
    show([], waitingOf(0));
    await screen.findByText('Nothing yet', {}, slow);
  });
});
