import type { SkillStage } from '@skillroom/contract/types';
import type { CSSProperties } from 'react';

/**
 * One hue, lighter to darker as a stage is higher (DESIGN §12's colour grid): Tailwind's teal 50 to 500 under slate-900
 * text, every one well over 4.5:1 (WCAG AA), and a cell always names its stage too, so colour is never the only cue.
 * Inline colours rather than utilities: the one stylesheet every screen loads does not grow for two screens' cells.
 */
const TONES = [
  ['#f0fdfa', '#99f6e4'],
  ['#ccfbf1', '#5eead4'],
  ['#99f6e4', '#2dd4bf'],
  ['#5eead4', '#14b8a6'],
  ['#2dd4bf', '#0d9488'],
  ['#14b8a6', '#0f766e'],
] as const;
/** A cell without a stage yet: no fill, a dashed edge. */
export const NO_STAGE_TONE: CSSProperties = { backgroundColor: '#ffffff', borderColor: '#cbd5e1', borderStyle: 'dashed' };

/** The tone of a stage among a skill's 2 to 6 stages, spread over the scale so that the last is always the darkest. */
export function stageTone(stages: readonly Pick<SkillStage, 'points'>[], points: number | null): CSSProperties {
  const i = points === null ? -1 : stages.findIndex((s) => s.points === points);
  if (i < 0) return NO_STAGE_TONE;
  const last = TONES.length - 1;
  const [backgroundColor, borderColor] = TONES[stages.length > 1 ? Math.round((i * last) / (stages.length - 1)) : last]!;
  return { backgroundColor, borderColor };
}
