// Free of zod, as the other rules: the rating sheet and the growth charts name stages without loading the schemas.
import { RATING_POINTS } from './rating-rules';
import type { Stage } from './stage-rules';

// A stage and the stage points reach live in a module that imports nothing: the web's stage names (feed cards, the rating
// sheet, reports) load them without this file's other rules, a level of chunks fewer on a screen's first load.
export { stageOf, stageTone, STAGE_TONES, type Stage } from './stage-rules';

/** Stages per skill (DESIGN §12), and the limits of their texts. */
export const STAGE_LIMITS = { min: 2, max: 6, nameMax: 60, descriptionMax: 500 } as const;

/**
 * The four stages of the catalogue, and of a custom skill that names none: spread over the rating points so that every
 * rating of 1 to 5 names one (3, a quick rating's default, is still Developing).
 */
export const GENERIC_STAGES = [
  { points: 1, key: 'beginning' },
  { points: 2, key: 'developing' },
  { points: 4, key: 'secure' },
  { points: 5, key: 'extending' },
] as const;

/** The frameworks a class adopts in one step (DESIGN §12); `skillroom` is the catalogue every new class starts with. */
export const FRAMEWORKS = ['skillroom', 'social-emotional', 'approaches-to-learning'] as const;
export type FrameworkKey = (typeof FRAMEWORKS)[number];

/** Class settings of DESIGN §12: how many days without a rating make a student "not observed". */
export const COVERAGE_DAYS = { min: 1, max: 365, default: 14 } as const;
/** The stage now is the median points of a student's last ratings on a skill, this many (DESIGN §12). */
export const GROWTH_RECENT_RATINGS = 5;

export const GROWTH_MESSAGES = {
  stagesCount: `A skill has between ${STAGE_LIMITS.min} and ${STAGE_LIMITS.max} stages.`,
  stagesOrder: 'Stages should be ordered by their points, each with points of its own.',
  stagePoints: `This value should be between ${RATING_POINTS.min} and ${RATING_POINTS.max}.`,
  pointsOutsideStages: "These points lie outside the stages of this rating's learning skill.",
  coverageDays: `This value should be between ${COVERAGE_DAYS.min} and ${COVERAGE_DAYS.max}.`,
  unknownFramework: 'This framework does not exist.',
} as const;

/** Why a list of stages is refused (2 to 6, points rising, no two alike), or null. */
export function stagesProblem(stages: readonly Pick<Stage, 'points'>[]): 'stagesCount' | 'stagesOrder' | null {
  if (stages.length < STAGE_LIMITS.min || stages.length > STAGE_LIMITS.max) return 'stagesCount';
  return stages.every((s, i) => i === 0 || s.points > stages[i - 1]!.points) ? null : 'stagesOrder';
}

/** Whether a rating's points name a stage: from the first stage's points to the last's. */
export const pointsWithinStages = (stages: readonly Pick<Stage, 'points'>[], points: number) =>
  stages.length === 0 || (points >= stages[0]!.points && points <= stages[stages.length - 1]!.points);

/** The median of some points (the mean of the middle two for an even count), rounded to a tenth; null for none. */
export function medianPoints(points: readonly number[]): number | null {
  if (!points.length) return null;
  const sorted = [...points].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const m = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 10) / 10;
}
