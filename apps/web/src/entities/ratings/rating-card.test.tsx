// @vitest-environment jsdom
import type { Rating } from '@skillroom/contract/types';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingCard } from './rating-card';

const skill = { id: 4, name: 'Teamwork', translationKey: null, colorCode: '#1a7f5a', avatar: null };
const rating = (id: number, learningAction: { id: number; name: string; translationKey: null } | null) =>
  ({
    id,
    observation: 'obs',
    date: '2026-10-05',
    points: 3,
    description: null,
    learningSkill: skill,
    learningAction,
    creator: null,
    students: [],
    isWholeClass: true,
    medias: [],
  }) as unknown as Rating;

// Message ids stand in for texts: the test is about what is shown, the translations have their own test.
const show = (group: Rating[]) =>
  render(
    <IntlProvider locale="en" messages={{}} onError={() => undefined}>
      <RatingCard group={group} />
    </IntlProvider>,
  );

describe('rating card (DESIGN §14: a rating of a skill with no action)', () => {
  afterEach(cleanup);

  it('shows the skill and, for no action, the skill as a whole', () => {
    show([rating(1, null)]);
    const card = screen.getByRole('article');
    expect(card.getAttribute('aria-label')).toBe('Teamwork: web_rating_skill_as_whole');
    expect(screen.getByText('web_rating_skill_as_whole')).toBeTruthy();
    expect(screen.getByText('Teamwork')).toBeTruthy();
  });

  it('shows an action beside a rating of the skill as a whole in one observation', () => {
    show([rating(2, { id: 9, name: 'Shares the materials', translationKey: null }), rating(1, null)]);
    expect(screen.getByRole('article').getAttribute('aria-label')).toBe(
      'Teamwork: Shares the materials; Teamwork: web_rating_skill_as_whole',
    );
    expect(screen.getAllByText('Teamwork')).toHaveLength(2);
  });

  it('marks a home rating "At home" (DESIGN §11), and only that', () => {
    show([{ ...rating(3, null), source: 'home' } as Rating]);
    expect(screen.getByText('web_home_observations_at_home')).toBeTruthy();
    cleanup();
    show([{ ...rating(4, null), source: 'teacher' } as Rating]);
    expect(screen.queryByText('web_home_observations_at_home')).toBeNull();
  });

  it('names the stage its points reach on the skill (DESIGN §12), in what is shown and read out', () => {
    const stages = [
      { points: 1, name: 'Beginning', description: '', translationKey: 'learning_stage.generic.beginning' },
      { points: 2, name: 'Developing', description: '', translationKey: 'learning_stage.generic.developing' },
      { points: 4, name: 'Secure', description: '', translationKey: 'learning_stage.generic.secure' },
    ];
    render(
      <IntlProvider locale="es" messages={{ learning_stage_generic_developing_name: 'En desarrollo' }} onError={() => undefined}>
        {/* The fixture rating of this file with a skill that has stages; the card reads no other field of the skill. */}
        <RatingCard group={[{ ...rating(5, null), learningSkill: { ...skill, stages } } as unknown as Rating]} />
      </IntlProvider>,
    );
    // The web's own texts name a catalogue stage (a change of language shows at once).
    expect(screen.getByText('En desarrollo')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'web_rating_points_stage' })).toBeTruthy();
  });
});
