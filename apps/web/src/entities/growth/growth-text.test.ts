import type { StudentGrowth } from '@skillroom/contract/types';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { stepPath } from './growth-chart';
import { growthStart, growthSummary, monthName } from './growth-text';
import { NO_STAGE_TONE, stageTone } from './stage-tone';

type Skill = StudentGrowth['skills'][number];
const stage = (points: number, name: string) => ({ points, name, description: '', translationKey: null });
const stages = [stage(1, 'Beginning'), stage(2, 'Developing'), stage(4, 'Secure'), stage(5, 'Extending')];
const month = (m: string, points: number | null) => ({
  month: m,
  ratings: 1,
  points,
  stage: stages.find((s) => s.points === points) ?? null,
});
const skill = (over: Partial<Skill>): Skill => ({
  learningSkill: '/api/auth/v1/learning-skill/1',
  name: 'Teamwork',
  translationKey: null,
  colorCode: '#0f766e',
  stages,
  ratings: 4,
  now: { points: 4, stage: stages[2]! },
  atStart: { points: null, stage: null },
  months: [month('2026-09', null), month('2026-10', 2), month('2026-11', 4)],
  self: null,
  ...over,
});
const intl = createIntl({
  locale: 'en',
  messages: {
    web_growth_summary: '{start} in {month}, {now} now',
    web_growth_summary_now: '{now} now',
    web_growth_not_rated: 'Not rated yet',
  },
});
const range = { start: '2026-09-01', end: '2026-11-20' };

describe('growth texts (DESIGN §12)', () => {
  it('names a month in the reader’s language, with its year when asked', () => {
    expect(monthName(intl, '2026-09')).toBe('September');
    expect(monthName(intl, '2027-01', true)).toBe('January 2027');
    expect(monthName(createIntl({ locale: 'es' }), '2026-09')).toBe('septiembre');
  });

  it('starts at the range’s start, else at the first month with a stage', () => {
    expect(growthStart(skill({}), range.start)).toEqual({ stage: stages[1], month: '2026-10' });
    expect(growthStart(skill({ atStart: { points: 1, stage: stages[0]! } }), range.start)).toEqual({ stage: stages[0], month: '2026-09' });
    expect(growthStart(skill({ months: [month('2026-09', null)] }), range.start)).toBeNull();
  });

  it('says the chart as a sentence: where it started and where it is now', () => {
    expect(growthSummary(intl, skill({}), range)).toBe('Developing in October, Secure now');
    // Rated in the last month only: the stage now alone.
    expect(growthSummary(intl, skill({ months: [month('2026-09', null), month('2026-11', 4)] }), range)).toBe('Secure now');
    expect(growthSummary(intl, skill({ now: { points: null, stage: null } }), range)).toBe('Not rated yet');
  });
});

describe('the step chart', () => {
  it('draws a step per month and leaves a gap where there is no standing', () => {
    const d = stepPath([{ points: null }, { points: 2 }, { points: 4 }]);
    expect(d.match(/M/g)).toHaveLength(1);
    expect(d).toMatch(/^M\d/);
    expect(d).toContain('V');
    expect(stepPath([{ points: 3 }, { points: null }, { points: 3 }]).match(/M/g)).toHaveLength(2);
    expect(stepPath([])).toBe('');
  });
});

describe('stage tones', () => {
  it('run lighter to darker with the stages, the last always the darkest, none without a stage', () => {
    expect(stageTone(stages, 1).backgroundColor).toBe('#f0fdfa');
    expect(stageTone(stages, 5).backgroundColor).toBe('#14b8a6');
    expect(stageTone(stages.slice(0, 2), 2).backgroundColor).toBe('#14b8a6');
    expect(stageTone(stages, null)).toBe(NO_STAGE_TONE);
    expect(stageTone(stages, 3)).toBe(NO_STAGE_TONE);
  });
});
