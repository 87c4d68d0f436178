import { stageTone as toneOf } from '@skillroom/contract/rules';
import type { SkillStage } from '@skillroom/contract/types';
import type { CSSProperties } from 'react';

// The tones are the contract's (the class PDF's grid reads the same scale), set inline rather than as utilities: the
// one stylesheet every screen loads does not grow for two screens' cells. A cell always names its stage too, so
// colour is never the only cue.

/** A cell without a stage yet: no fill, a dashed edge. */
export const NO_STAGE_TONE: CSSProperties = { backgroundColor: '#ffffff', borderColor: '#cbd5e1', borderStyle: 'dashed' };

/** The tone of a stage among a skill's 2 to 6 stages, spread over the scale so that the last is always the darkest. */
export function stageTone(stages: readonly Pick<SkillStage, 'points'>[], points: number | null): CSSProperties {
  const tone = toneOf(stages, points);
  return tone ? { backgroundColor: tone[0], borderColor: tone[1] } : NO_STAGE_TONE;
}
