import { ClassUserType, MediaType } from '@skillroom/contract';
import { registerMediaAccess } from '../media/media.policy';
import type { MediaRow } from '../media/media.presenter';
import type { ClassRole } from '../../class-access/class-roles';
import { learningSkillsRepository } from './learning-skills.repository';

// A custom skill icon is seen by whoever sees the skill (catalogue icons, type 33, are seen by everyone signed in).
registerMediaAccess((db, p, ids) => learningSkillsRepository.visibleIconIds(db, ids, p.userId));

/** Who may do what with learning skills and a class's choice of them (DESIGN §2 and §3). */
export const learningSkillsPolicy = {
  /** The class's teachers choose its skills and make custom ones from it; evaluators only rate. */
  canManageClassSkills: (r: ClassRole) => r === ClassUserType.Creator || r === ClassUserType.CoTeacher,
  /** A skill's icon: a custom icon (42) the user uploaded, or a catalogue icon (33). */
  canUseIcon: (userId: number, m: Pick<MediaRow, 'mediaType' | 'uploaderId'>) =>
    m.mediaType === MediaType.LearningSkillIcon || (m.mediaType === MediaType.CustomLearningSkillIcon && m.uploaderId === userId),
};
