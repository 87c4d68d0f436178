import { registerMediaAccess } from '../media/media.policy';
import { teachingClassesPolicy, type ClassRole } from '../../class-access/class-roles';
import { teachingClassStudentsRepository } from './teaching-class-students.repository';

// A place's avatar is seen by whoever sees the place: the class's teachers and evaluators, and linked users.
registerMediaAccess((db, p, ids) => teachingClassStudentsRepository.visibleAvatarIds(db, ids, p.userId));

/** What is known about a user and one place: their role in its class, and whether they are linked to its student. */
export interface PlaceAccess {
  role: ClassRole;
  linked: boolean;
}

/** Who may do what with a student's place (DESIGN §2, student rows). */
export const teachingClassStudentsPolicy = {
  /** The class's teachers and evaluators, and users linked to the student (a parent sees their child's places). */
  canSee: (a: PlaceAccess) => teachingClassesPolicy.canSee(a.role) || a.linked,
  /** Add, edit, remove and copy: creator and co-teachers. */
  canManage: (a: PlaceAccess) => teachingClassesPolicy.canManageStudents(a.role),
  canSeeInvitationCode: (a: PlaceAccess) => teachingClassesPolicy.canSeeInvitationCodes(a.role),
};
