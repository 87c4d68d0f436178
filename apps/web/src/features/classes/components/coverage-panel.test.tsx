// @vitest-environment jsdom
import type { ClassCoverage, TeachingClass } from '@skillroom/contract/types';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClassStudentsGrid } from './class-students-grid';
import { CoveragePanel } from './coverage-panel';

const messages = {
  web_coverage_banner: 'Not observed in {days} days ({count})',
  web_coverage_all_observed: 'Every student observed in the last {days} days',
  web_coverage_show_details: 'Coverage details',
  web_coverage_hide_details: 'Hide details',
  web_coverage_hint_rate: 'They come first, tap one to rate.',
  web_coverage_hint: 'They come first.',
  web_coverage_skill_never_rated: '{skill}: {count, plural, one {# student: {names}} other {# students: {names}}}',
  web_coverage_skill_all_rated: '{skill}: every student rated',
  web_coverage_teacher_ratings: '{name}: {count, plural, one {# rating} other {# ratings}}',
  web_coverage_tile: 'not observed in {days} days',
  web_capture_rate_student: 'Rate {name}',
};
const place = (id: number, firstName: string) => ({ id, firstName, lastName: 'Lee', avatar: null });
// Only what the panel and the grid read of a class: the full answer's other fields play no part here.
// The panel reads the class's id, state, abilities and places; the rest of a TeachingClass does not matter here.
const cls = {
  id: 7,
  isFinished: false,
  abilities: { manageStudents: false },
  teachingClassStudents: [place(1, 'Ada'), place(2, 'Ben'), place(3, 'Cy')],
} as unknown as TeachingClass;
const iri = (id: number) => `/api/auth/v1/teaching-class-student/${id}`;
const who = (id: number) => ({ teachingClassStudent: iri(id), student: `/api/auth/v1/student/${id}`, firstName: 'x', lastName: null });

function coverage(over: Partial<ClassCoverage> = {}): ClassCoverage {
  return {
    '@type': 'ClassCoverage',
    teachingClass: '/api/auth/v1/teaching-class/7',
    days: 14,
    since: '2026-11-16',
    end: '2026-11-29',
    notObserved: [{ ...who(3), lastRated: null }],
    skills: [
      { learningSkill: '/s/1', name: 'Communication', translationKey: null, neverRated: [iri(2), iri(3)] },
      { learningSkill: '/s/2', name: 'Teamwork', translationKey: null, neverRated: [] },
    ],
    ...over,
  };
}

const wrap = (node: ReactNode) =>
  render(
    <IntlProvider locale="en" messages={messages} onError={() => undefined}>
      <MemoryRouter>{node}</MemoryRouter>
    </IntlProvider>,
  );

describe('coverage on the class page (DESIGN §12)', () => {
  afterEach(cleanup);

  it('says how many were not observed in the class’s days, with the details folded until asked', () => {
    wrap(<CoveragePanel cls={cls} coverage={coverage()} canRate />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Not observed in 14 days (1)');
    const toggle = screen.getByRole('button', { name: 'Coverage details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(/2 students: Ben Lee, Cy Lee/).closest('[hidden]')).not.toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/2 students: Ben Lee, Cy Lee/).closest('[hidden]')).toBeNull();
    expect(screen.getByText(/every student rated/)).toBeTruthy();
    // Not the class creator: no ratings per teacher.
    expect(screen.queryByText(/rating/)).toBeNull();
  });

  it('shows the creator the ratings each teacher gave, and a quiet line when everyone was observed', () => {
    const teachers = [
      { user: '/u/1', firstName: 'Mia', lastName: 'Ross', ratings: 4 },
      { user: '/u/2', firstName: 'Tom', lastName: 'Hale', ratings: 1 },
    ];
    wrap(<CoveragePanel cls={cls} coverage={coverage({ notObserved: [], teachers })} canRate />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Every student observed in the last 14 days');
    expect(screen.getByText('Mia Ross: 4 ratings')).toBeTruthy();
    expect(screen.getByText('Tom Hale: 1 rating')).toBeTruthy();
  });

  it('puts the students not observed first in the grid, marked, one tap from the rating sheet', () => {
    const onRate = vi.fn();
    wrap(<ClassStudentsGrid cls={cls} onRate={onRate} notObserved={{ places: new Set([3]), first: new Set([3]), days: 14 }} />);
    const tiles = [...document.querySelectorAll<HTMLButtonElement>('button[aria-label^="Rate"]')];
    expect(tiles.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Rate Cy Lee, not observed in 14 days',
      'Rate Ada Lee',
      'Rate Ben Lee',
    ]);
    expect(tiles[0]!.hasAttribute('data-not-observed')).toBe(true);
    fireEvent.click(tiles[0]!);
    expect(onRate).toHaveBeenCalledWith(3);
  });
});
