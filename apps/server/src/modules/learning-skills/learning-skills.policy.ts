import { MediaType } from '@skillroom/contract';
import type { MediaRow } from '../media/media.presenter';

/** Which media a skill may use (DESIGN §3); who may change a class's skills is class-access/access-rules.ts. */
export const learningSkillsPolicy = {
  /** A skill's icon: a custom icon (42) the user uploaded, or a catalogue icon (33). */
  canUseIcon: (userId: number, m: Pick<MediaRow, 'mediaType' | 'uploaderId'>) =>
    m.mediaType === MediaType.LearningSkillIcon || (m.mediaType === MediaType.CustomLearningSkillIcon && m.uploaderId === userId),
};
