import { ClassUserType, type AccountType } from '@skillroom/contract';
import { registerMediaAccess } from '../media/media.policy';
import { teachingClassesRepository } from './teaching-classes.repository';

// A class avatar is seen by whoever sees the class.
registerMediaAccess((db, p, ids) => teachingClassesRepository.visibleAvatarIds(db, ids, p.userId));

/** A user's role in one class (spec §4), or null when they have none. */
export type ClassRole = ClassUserType | null;

const teacher = (r: ClassRole) => r === ClassUserType.Creator || r === ClassUserType.CoTeacher;

/** Who may do what with a class (DESIGN §2, class rows). */
export const teachingClassesPolicy = {
  /** Teachers create classes; parents, students and others link to a student instead (DESIGN §1). */
  canCreate: (accountType: string | null) => accountType === ('teacher' satisfies AccountType),
  /** Creator, co-teachers and evaluators see the class; anyone else may not know it exists (404). */
  canSee: (r: ClassRole) => r !== null,
  /** Edit, finish / reopen, change owner, delete, regenerate the invitation code. */
  canManage: (r: ClassRole) => r === ClassUserType.Creator,
  /** Add, edit, remove and copy students. */
  canManageStudents: teacher,
  /** The class and student invitation codes are handed out by the class's teachers only. */
  canSeeInvitationCodes: teacher,
};
