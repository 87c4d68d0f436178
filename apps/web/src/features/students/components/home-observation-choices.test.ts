import type { Report } from '@skillroom/contract/types';
import { describe, expect, it, vi, afterEach } from 'vitest';
import { homeObservationChoices } from './home-observation-choices';

const API = '/api/auth/v1';
const action = (id: number | null, name: string) => ({
  learningAction: id === null ? null : `${API}/learning-action/${id}`,
  name,
  translationKey: null,
  ratings: 0,
  points: 0,
});
const skill = (id: number, actions: ReturnType<typeof action>[]) => ({
  learningSkill: `${API}/learning-skill/${id}`,
  name: `Skill ${id}`,
  translationKey: id === 1 ? 'skill.communication' : null,
  colorCode: '#2f6fdf',
  icon: id === 1 ? '/media/3?sig=x' : null,
  ratings: 0,
  points: 0,
  actions,
});
const report = (skills: ReturnType<typeof skill>[]) =>
  ({
    skills,
    teachingClasses: [
      { '@id': `${API}/teaching-class/4`, id: 4, name: 'Oak', start: '2026-09-01', end: '2027-07-15' },
      { '@id': `${API}/teaching-class/5`, id: 5, name: 'Elm', start: '2025-09-01', end: '2026-07-15' },
    ],
  }) as unknown as Report;

afterEach(() => vi.useRealTimers());

describe('what a family may choose for a home observation (DESIGN §11)', () => {
  it("offers the class's skills with their actions, icon by URL, and not a skill's row 'as a whole'", () => {
    const { skills } = homeObservationChoices(report([skill(1, [action(11, 'Listens'), action(null, '(skill as a whole)')])]), 4);
    expect(skills).toEqual([
      {
        id: 1,
        name: 'Skill 1',
        translationKey: 'skill.communication',
        avatar: '/media/3?sig=x',
        colorCode: '#2f6fdf',
        learningActions: [{ id: 11, name: 'Listens', translationKey: null }],
      },
    ]);
  });

  it('leaves out a skill with no action to choose (the API takes an action)', () => {
    const { skills } = homeObservationChoices(report([skill(1, [action(null, 'whole')]), skill(2, [action(21, 'Shares')])]), 4);
    expect(skills.map((s) => s.id)).toEqual([2]);
  });

  it("limits the date to the link's class: from its start to today, or its end when it ended", () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T10:00:00'));
    expect(homeObservationChoices(report([]), 4).days).toEqual({ min: '2026-09-01', max: '2026-11-29' });
    expect(homeObservationChoices(report([]), 5).days).toEqual({ min: '2025-09-01', max: '2026-07-15' });
    expect(homeObservationChoices(report([]), 9).days).toBeNull();
  });
});
