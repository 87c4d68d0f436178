// @vitest-environment jsdom
import type { StudentGrowth } from '@skillroom/contract/types';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { GrowthList } from './student-growth';

const stage = (points: number, name: string) => ({ points, name, description: '', translationKey: null });
const stages = [stage(1, 'Beginning'), stage(2, 'Developing'), stage(4, 'Secure'), stage(5, 'Extending')];
const head = (id: number, name: string) => ({
  learningSkill: `/api/auth/v1/learning-skill/${id}`,
  name,
  translationKey: null,
  colorCode: '#0f766e',
  stages,
});
const growth: StudentGrowth = {
  '@type': 'StudentGrowth',
  start: '2026-09-01',
  end: '2026-11-20',
  student: { '@id': '/api/auth/v1/student/1', id: 1, firstName: 'Ana', lastName: null },
  teachingClasses: [],
  skills: [
    {
      ...head(1, 'Teamwork'),
      ratings: 5,
      now: { points: 4, stage: stages[2]! },
      atStart: { points: null, stage: null },
      months: [
        { month: '2026-09', ratings: 2, points: 2, stage: stages[1]! },
        { month: '2026-10', ratings: 0, points: 2, stage: stages[1]! },
        { month: '2026-11', ratings: 3, points: 4, stage: stages[2]! },
      ],
      self: null,
    },
    {
      ...head(2, 'Curiosity'),
      ratings: 0,
      now: { points: null, stage: null },
      atStart: { points: null, stage: null },
      months: [],
      self: null,
    },
  ],
};
const messages = {
  web_growth_summary: '{start} in {month}, {now} now',
  web_growth_unrated: 'Not rated yet: {list}',
  web_growth_now: 'Now',
};

describe("a student's growth (DESIGN §12)", () => {
  afterEach(cleanup);

  it('draws a chart per rated skill, read out as where it started and where it stands now', () => {
    render(
      <IntlProvider locale="en" messages={messages} onError={() => undefined}>
        <GrowthList growth={growth} />
      </IntlProvider>,
    );
    const chart = screen.getByRole('img', { name: 'Developing in September, Secure now' });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelector('path')!.getAttribute('d')).toMatch(/^M/);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Secure')).toBeTruthy();
    expect(screen.getByText('Not rated yet: Curiosity')).toBeTruthy();
  });
});
