import type { StudentGrowth } from '@skillroom/contract/types';
import type { IntlShape } from 'react-intl';
import { stageName } from '../learning-skills/stage-name';

type SkillGrowth = StudentGrowth['skills'][number];

/** A month of the series ("2026-09") as the reader says it; with its year when the range spans more than one. */
export function monthName(intl: IntlShape, month: string, withYear = false): string {
  const [y, m] = month.split('-').map(Number);
  return intl.formatDate(Date.UTC(y!, m! - 1, 1), { month: 'long', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
}

/**
 * Where the growth starts: the stage at the range's start, else the first month with a stage (a range that starts with
 * the class has nothing before it). Null when the student was never rated on the skill within the range.
 */
export function growthStart(skill: SkillGrowth, rangeStart: string) {
  if (skill.atStart.stage) return { stage: skill.atStart.stage, month: rangeStart.slice(0, 7) };
  const first = skill.months.find((m) => m.stage);
  return first?.stage ? { stage: first.stage, month: first.month } : null;
}

/** The chart's text alternative: "Developing in September, Secure now" (DESIGN §12), or that it has no ratings yet. */
export function growthSummary(intl: IntlShape, skill: SkillGrowth, range: { start: string; end: string }): string {
  const now = skill.now.stage;
  if (!now) return intl.formatMessage({ id: 'web_growth_not_rated' });
  const start = growthStart(skill, range.start);
  const withYear = range.start.slice(0, 4) !== range.end.slice(0, 4);
  if (!start || start.month === range.end.slice(0, 7))
    return intl.formatMessage({ id: 'web_growth_summary_now' }, { now: stageName(intl, now) });
  return intl.formatMessage(
    { id: 'web_growth_summary' },
    { start: stageName(intl, start.stage), month: monthName(intl, start.month, withYear), now: stageName(intl, now) },
  );
}
