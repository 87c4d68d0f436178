// @vitest-environment jsdom
import type { ClassGrowth } from '@skillroom/contract/types';
import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GrowthCards, GrowthTable } from './class-growth-grid';

const stage = (points: number, name: string) => ({ points, name, description: '', translationKey: null });
const skill = (id: number, name: string) => ({
  learningSkill: `/api/auth/v1/learning-skill/${id}`,
  name,
  translationKey: null,
  colorCode: '#0f766e',
  stages: [stage(1, 'Beginning'), stage(2, 'Developing'), stage(4, 'Secure'), stage(5, 'Extending')],
});
const person = (id: number, firstName: string) => ({
  teachingClassStudent: `/api/auth/v1/teaching-class-student/${id}`,
  student: `/api/auth/v1/student/${id}`,
  firstName,
  lastName: null,
});
const growth: ClassGrowth = {
  '@type': 'ClassGrowth',
  teachingClass: '/api/auth/v1/teaching-class/1',
  end: '2026-11-20',
  skills: [skill(1, 'Teamwork'), skill(2, 'Curiosity')],
  students: [
    { ...person(2, 'Zoe'), skills: [{ learningSkill: '/api/auth/v1/learning-skill/1', ratings: 3, points: 4, stage: 4, self: null }] },
    {
      ...person(1, 'Ana'),
      skills: [
        {
          learningSkill: '/api/auth/v1/learning-skill/1',
          ratings: 6,
          points: 2.5,
          stage: 2,
          self: { points: 5, stage: 5, date: '2026-11-02' },
        },
        // Her own view of a skill no teacher rated yet: shown, and still no stage nor rating of the teachers'.
        {
          learningSkill: '/api/auth/v1/learning-skill/2',
          ratings: 0,
          points: null,
          stage: null,
          self: { points: 1, stage: 1, date: '2026-11-03' },
        },
      ],
    },
  ],
};
const messages = { web_growth_ratings: '{count, plural, one {# rating} other {# ratings}}', web_growth_self_stage: 'Self: {stage}' };
const show = (ui: React.ReactNode) =>
  render(
    <IntlProvider locale="en" messages={messages} onError={() => undefined}>
      {ui}
    </IntlProvider>,
  );

describe('the class growth grid (DESIGN §12)', () => {
  // jsdom has no layout: the table's scroll region watches its size with a ResizeObserver that never fires here.
  beforeAll(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(cleanup);

  it('is a table of students by name × skills, each cell naming its stage and count (colour is not the only cue)', () => {
    show(<GrowthTable growth={growth} />);
    const rows = screen.getAllByRole('row');
    expect(rows.map((r) => within(r).queryByRole('rowheader')?.textContent ?? null)).toEqual([null, 'Ana', 'Zoe']);
    const ana = within(rows[1]!).getAllByRole('cell');
    expect(ana.map((c) => c.textContent)).toEqual(['Developing6 ratingsSelf: Extending', '–0 ratingsSelf: Beginning']);
    expect(ana[0]!.querySelector('div')!.style.backgroundColor).toBe('rgb(153, 246, 228)');
    expect(ana[1]!.querySelector('div')!.style.borderStyle).toBe('dashed');
    // The student's own view stands outside the tone of the teachers' stage (DESIGN §12: never counted in it).
    const self = within(ana[0]!).getByText('Self: Extending');
    expect(ana[0]!.querySelector('div')!.contains(self)).toBe(false);
    expect(self.getAttribute('style')).toBeNull();
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Secure3 ratings', '–0 ratings']);
    expect(screen.getByRole('region')).toBeTruthy();
  });

  it('reads as a card per student on a phone, each skill with its stage', () => {
    show(<GrowthCards growth={growth} />);
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Ana', 'Zoe']);
    expect(within(cards[1]!).getByText('Teamwork').nextSibling?.textContent).toBe('Secure 3 ratings');
    expect(within(cards[0]!).getByText('Teamwork').nextSibling?.textContent).toBe('Developing 6 ratings Self: Extending');
  });
});
