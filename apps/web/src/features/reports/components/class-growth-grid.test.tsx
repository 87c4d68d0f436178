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
    { ...person(2, 'Zoe'), skills: [{ learningSkill: '/api/auth/v1/learning-skill/1', ratings: 3, points: 4, stage: 4 }] },
    {
      ...person(1, 'Ana'),
      skills: [
        { learningSkill: '/api/auth/v1/learning-skill/1', ratings: 6, points: 2.5, stage: 2 },
        { learningSkill: '/api/auth/v1/learning-skill/2', ratings: 0, points: null, stage: null },
      ],
    },
  ],
};
const messages = { web_growth_ratings: '{count, plural, one {# rating} other {# ratings}}' };
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
    expect(ana.map((c) => c.textContent)).toEqual(['Developing6 ratings', '–0 ratings']);
    expect(ana[0]!.querySelector('div')!.style.backgroundColor).toBe('rgb(153, 246, 228)');
    expect(ana[1]!.querySelector('div')!.style.borderStyle).toBe('dashed');
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
  });
});
