import { registerMediaAccess } from '../media/media.policy';
import { teachingClassesRepository } from './teaching-classes.repository';

// A class avatar is seen by whoever sees the class.
registerMediaAccess((db, p, ids) => teachingClassesRepository.visibleAvatarIds(db, ids, p.userId));

export { teachingClassesPolicy, type ClassRole } from '../../class-access/class-roles';
