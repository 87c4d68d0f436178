import { ClassUserType } from '@skillroom/contract';
import { registerMediaAccess } from '../media/media.policy';
import type { ClassRole } from '../../class-access/class-roles';
import { ratingsRepository } from './ratings.repository';

// A rating's photo, video, audio or file is seen by whoever sees the rating.
registerMediaAccess((db, p, ids) => ratingsRepository.visibleMediaIds(db, ids, p.userId));

/** Who may do what with ratings (DESIGN §2). Seeing one is decided in SQL (ratings.sql.ts), for lists and reads alike. */
export const ratingsPolicy = {
  /** Creator, co-teachers and evaluators rate. */
  canRate: (r: ClassRole) => r !== null,
  /** Edit or delete: the class's creator any rating; a co-teacher or evaluator their own, while they are in the class. */
  canEdit: (r: ClassRole, creatorId: number | null, userId: number) => r === ClassUserType.Creator || (r !== null && creatorId === userId),
};
