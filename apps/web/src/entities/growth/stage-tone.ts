import type { SkillStage } from '@skillroom/contract/types';

/**
 * One hue, lighter to darker as a stage is higher (DESIGN §12's colour grid): every tone carries slate-900 text at well
 * over 4.5:1 (WCAG AA), and a cell always names its stage too, so colour is never the only cue.
 */
const TONES = [
  'bg-teal-50 border-teal-200',
  'bg-teal-100 border-teal-300',
  'bg-teal-200 border-teal-400',
  'bg-teal-300 border-teal-500',
  'bg-teal-400 border-teal-600',
  'bg-teal-500 border-teal-700',
] as const;
/** A cell without a stage yet: no fill, a dashed edge. */
export const NO_STAGE_TONE = 'bg-white border-dashed border-slate-300';

/** The tone of a stage among a skill's 2 to 6 stages, spread over the scale so that the last is always the darkest. */
export function stageTone(stages: readonly Pick<SkillStage, 'points'>[], points: number | null): string {
  const i = points === null ? -1 : stages.findIndex((s) => s.points === points);
  if (i < 0) return NO_STAGE_TONE;
  const last = TONES.length - 1;
  return TONES[stages.length > 1 ? Math.round((i * last) / (stages.length - 1)) : last]!;
}
