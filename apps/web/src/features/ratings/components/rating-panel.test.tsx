// @vitest-environment jsdom
import { RATING_MESSAGES } from '@skillroom/contract/rules';
import type { ClassLearningSkill, TeachingClass } from '@skillroom/contract/types';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createRatings } from '../api/save-ratings';
import { RatingPanel } from './rating-panel';

vi.mock('../api/save-ratings', () => ({ createRatings: vi.fn() }));
vi.mock('../../../entities/ratings/ratings-api', async (original) => ({
  ...(await original<object>()),
  revalidateRatings: vi.fn(async () => undefined),
}));

const cls = {
  id: 5,
  defaultPoints: 3,
  start: '2026-09-01',
  end: '2027-06-30',
  teachingClassStudents: [],
  abilities: { edit: true },
} as unknown as TeachingClass;
const skills = [
  {
    id: 11,
    name: 'Communication',
    translationKey: null,
    avatar: null,
    colorCode: '#0f766e',
    learningActions: [{ id: 21, name: 'Listens actively', translationKey: null }],
    stages: [
      { points: 1, name: 'New to it', description: 'Needs help.', translationKey: null },
      { points: 3, name: 'On the way', description: 'Does it with some help.', translationKey: null },
      { points: 5, name: 'Got it', description: 'Does it alone.', translationKey: null },
    ],
  },
] as unknown as ClassLearningSkill[];

// Message ids stand in for texts: the test is about where the messages go.
function show(onSaved = vi.fn()) {
  render(
    <IntlProvider locale="en" messages={{}} onError={() => undefined}>
      <MemoryRouter>
        <RatingPanel
          cls={cls}
          skills={skills}
          group={null}
          start={{ studentIds: [], skillId: null, actionIds: [] }}
          onSaved={onSaved}
          onCancel={vi.fn()}
        />
      </MemoryRouter>
    </IntlProvider>,
  );
  return onSaved;
}
const save = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'web_rating_save' })));
const choose = () => {
  fireEvent.click(screen.getByRole('radio', { name: 'Communication' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Listens actively' }));
};

describe('the full rating form', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(createRatings).mockReset();
  });

  it('asks for an action before anything is sent, and the error follows the choice', async () => {
    show();
    await save();
    // The first check loads the contract's schemas (a busy machine: seconds).
    await waitFor(() => expect(screen.getAllByText('web_rating_action_required').length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(createRatings).not.toHaveBeenCalled();
    choose();
    await waitFor(() => expect(screen.queryByText('web_rating_action_required')).toBeNull());
  }, 30_000);

  it('saved offline, the observation waits in the outbox and the form is done', async () => {
    vi.mocked(createRatings).mockResolvedValue({ observation: 'obs-1', ratingIds: [], queuedId: 'item-1' });
    const onSaved = show();
    choose();
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('obs-1', true));
    expect(createRatings).toHaveBeenCalledWith(expect.objectContaining({ classId: 5, skillId: 11, actionIds: [21], points: 3 }));
  });

  it("puts the server's word on the date beside the date, with the way to the class's dates", async () => {
    vi.mocked(createRatings).mockRejectedValue(
      new ApiError(400, 'Invalid', [{ propertyPath: 'date', message: RATING_MESSAGES.dateAfterClass }]),
    );
    const onSaved = show();
    choose();
    await save();
    const date = screen.getByLabelText(/web_rating_date/);
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(document.body.textContent).toContain('web_capture_date_after_class');
    expect(screen.getByRole('link', { name: 'web_capture_edit_class_dates' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("names each point's stage of the chosen skill, and what the chosen one means (DESIGN §12)", () => {
    show();
    // No skill yet: the points stand alone.
    expect(screen.getAllByRole('radio', { name: 'web_rating_points_of' })).toHaveLength(5);
    choose();
    const radios = screen.getAllByRole('radio', { name: 'web_rating_points_stage' });
    expect(radios).toHaveLength(5);
    expect(document.querySelectorAll('[data-stage]')).toHaveLength(5);
    expect([...document.querySelectorAll('[data-stage]')].map((e) => e.textContent)).toEqual([
      'New to it',
      'New to it',
      'On the way',
      'On the way',
      'Got it',
    ]);
    // The class's 3 points: "On the way", described below the points.
    expect(document.body.textContent).toContain('On the way: Does it with some help.');
  });
});
