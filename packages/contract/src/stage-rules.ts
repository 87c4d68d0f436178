// Free of zod and of imports: the web's stage names read it without the other growth rules (growth-rules.ts re-exports it).

/** One named step of a skill (DESIGN §12): a rating whose points reach `points` (and not the next stage's) is at it. */
export interface Stage {
  points: number;
  name: string;
  description: string;
}

/** The stage that points reach (the last whose points they reach), or null below the first. */
export function stageOf<S extends Pick<Stage, 'points'>>(stages: readonly S[], points: number | null): S | null {
  if (points === null) return null;
  let found: S | null = null;
  for (const s of stages) if (points >= s.points) found = s;
  return found;
}

/**
 * The colour grid's tones (DESIGN §12), [fill, edge], lighter to darker as a stage is higher: Tailwind's teal 50 to 500
 * (edges a step darker), every fill well over 4.5:1 under slate-900 text (WCAG AA). The web's cells and the class
 * PDF's grid read the same scale.
 */
export const STAGE_TONES = [
  ['#f0fdfa', '#99f6e4'],
  ['#ccfbf1', '#5eead4'],
  ['#99f6e4', '#2dd4bf'],
  ['#5eead4', '#14b8a6'],
  ['#2dd4bf', '#0d9488'],
  ['#14b8a6', '#0f766e'],
] as const;

/**
 * The tone of the stage named by `points` among a skill's 2 to 6 stages, spread over the scale so that the last is
 * always the darkest; null when the points name none of them (no stage yet).
 */
export function stageTone(stages: readonly Pick<Stage, 'points'>[], points: number | null): (typeof STAGE_TONES)[number] | null {
  const i = points === null ? -1 : stages.findIndex((s) => s.points === points);
  if (i < 0) return null;
  const last = STAGE_TONES.length - 1;
  return STAGE_TONES[stages.length > 1 ? Math.round((i * last) / (stages.length - 1)) : last]!;
}
