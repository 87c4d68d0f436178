// @vitest-environment jsdom
import type { StudentGrowth as Growth } from '@skillroom/contract/types';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { growthRange } from '../../../entities/growth/growth-range';
import { GrowthList, StudentGrowth } from './student-growth';

const stage = (points: number, name: string) => ({ points, name, description: '', translationKey: null });
const stages = [stage(1, 'Beginning'), stage(2, 'Developing'), stage(4, 'Secure'), stage(5, 'Extending')];
const head = (id: number, name: string) => ({
  learningSkill: `/api/auth/v1/learning-skill/${id}`,
  name,
  translationKey: null,
  colorCode: '#0f766e',
  stages,
});
const growth: Growth = {
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
  web_growth_title: 'Growth',
  web_growth_summary: '{start} in {month}, {now} now',
  web_growth_unrated: 'Not rated yet: {list}',
  web_growth_now: 'Now',
  web_growth_range: 'Period',
  web_growth_range_span: 'Since the class began',
  web_growth_range_term: 'This term',
  web_growth_range_months: 'Last 3 months',
  web_growth_range_year: 'This school year',
  web_growth_range_dates: '{start} to {end}',
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

  it('reads the growth again over the period the reader picks, from a labelled select', async () => {
    // The answer for whatever period is asked: its days are the query's (the server's own span without one).
    const asked: string[] = [];
    const fetcher = vi.fn(async (key: string) => {
      asked.push(key);
      const q = new URL(key, 'http://x').searchParams;
      return { ...growth, start: q.get('startDate') ?? growth.start, end: q.get('endDate') ?? growth.end };
    });
    render(
      <IntlProvider locale="en" messages={messages} onError={() => undefined}>
        <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
          <StudentGrowth studentId={1} classId={7} />
        </SWRConfig>
      </IntlProvider>,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Period' });
    expect([...select.options].map((o) => o.text)).toEqual(['Since the class began', 'This term', 'Last 3 months', 'This school year']);
    expect(select.value).toBe('span');
    await screen.findByText('01/09/2026 to 20/11/2026');
    expect(asked).toEqual(['/growth/student/1?teachingClassId=7']);

    fireEvent.change(select, { target: { value: 'months' } });
    const months = growthRange('months')!;
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toBe(`/growth/student/1?teachingClassId=7&startDate=${months.start}&endDate=${months.end}`);
    // The hint names the days of the charts on screen, and the select says which period they are.
    const day = (iso: string) => iso.split('-').reverse().join('/');
    await screen.findByText(`${day(months.start)} to ${day(months.end)}`);
    expect(select.value).toBe('months');
    expect(screen.getByRole('img', { name: /now$/ })).toBeTruthy();
  });
});
